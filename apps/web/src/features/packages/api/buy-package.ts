import { purchasedPackageView, type BuyPackageBody } from '@app/contracts';
import { postMoney, type IdempotencyKey } from '../../../lib/api-client.ts';
import { useMoneyMutation } from '../../../lib/money-mutation.ts';
import { useRefreshAfterMoneyMoved } from '../hooks/use-refresh-after-money-moved.ts';

/** POST package/buy-package → the purchased package; pays from the fund wallet. */
export const buyPackage = (body: BuyPackageBody, key: IdempotencyKey) =>
  postMoney('package/buy-package', body, key, { schema: purchasedPackageView });

export function useBuyPackage() {
  const refresh = useRefreshAfterMoneyMoved();
  return useMoneyMutation({ mutationFn: buyPackage, onSettled: refresh });
}

export type BuyPackageMutation = ReturnType<typeof useBuyPackage>;

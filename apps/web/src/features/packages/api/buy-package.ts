import { purchasedPackageView, type BuyPackageBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency.ts';
import { useRefreshAfterMoneyMoved } from '../hooks/use-refresh-after-money-moved.ts';

export type BuyPackageVariables = { body: BuyPackageBody; idempotencyKey: string };

/** POST package/buy-package → the purchased package; pays from the fund wallet. */
export const buyPackage = ({ body, idempotencyKey }: BuyPackageVariables) =>
  apiClient.post('package/buy-package', body, {
    schema: purchasedPackageView,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useBuyPackage() {
  const refresh = useRefreshAfterMoneyMoved();
  return useMutation({ mutationFn: buyPackage, onSettled: refresh });
}

export type BuyPackageMutation = ReturnType<typeof useBuyPackage>;

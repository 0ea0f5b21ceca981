import {
  amountRangeMessage,
  moneyAmount,
  packageLabels,
  parseMoney,
  type PackageView,
} from '@app/contracts';
import { z } from 'zod';
import { dollarsToMicros } from '../../../lib/money.ts';

/**
 * The buy dialog's amount: the contract's money rules (required, a decimal, at most 6 places,
 * positive), then the package's range, worded as the server words it.
 */
export function buyFormSchema(pkg: Pick<PackageView, 'minAmount' | 'maxAmount'>) {
  const min = dollarsToMicros(pkg.minAmount);
  const max = dollarsToMicros(pkg.maxAmount);
  return z.object({
    amount: moneyAmount(packageLabels.amount).superRefine((value, ctx) => {
      const parsed = parseMoney(value);
      // A malformed amount already has its message from moneyAmount.
      if (parsed.ok && (parsed.micros < min || parsed.micros > max)) {
        ctx.addIssue({
          code: 'custom',
          message: amountRangeMessage(packageLabels.amount, min, max),
        });
      }
    }),
  });
}

export type BuyFormSchema = ReturnType<typeof buyFormSchema>;
export type BuyFormInput = z.input<BuyFormSchema>;
export type BuyFormValues = z.output<BuyFormSchema>;

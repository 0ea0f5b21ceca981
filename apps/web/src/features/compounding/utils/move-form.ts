import {
  compoundingLabels,
  COMPOUNDING_MIN_MOVE_MICROS,
  formatAmount,
  formatDollars,
  moneyAmount,
  parseMoney,
} from '@app/contracts';
import { z } from 'zod';

export const minimumMoveMessage = `${compoundingLabels.amount} must be at least ${formatDollars(COMPOUNDING_MIN_MOVE_MICROS)}`;

/**
 * The move dialog's amount: the contract's money rules, then at least $10 and at most what
 * the profit wallet has available (when known), so the member hears it before sending.
 */
export function moveFormSchema(availableMicros: bigint | undefined) {
  return z.object({
    amount: moneyAmount(compoundingLabels.amount).superRefine((value, ctx) => {
      const parsed = parseMoney(value);
      // A malformed amount already has its message from moneyAmount.
      if (!parsed.ok) return;
      if (parsed.micros < COMPOUNDING_MIN_MOVE_MICROS)
        ctx.addIssue({ code: 'custom', message: minimumMoveMessage });
      else if (availableMicros !== undefined && parsed.micros > availableMicros)
        ctx.addIssue({
          code: 'custom',
          message: `Your profit wallet has ${formatAmount(availableMicros)} available`,
        });
    }),
  });
}

export type MoveFormSchema = ReturnType<typeof moveFormSchema>;
export type MoveFormInput = z.input<MoveFormSchema>;
export type MoveFormValues = z.output<MoveFormSchema>;

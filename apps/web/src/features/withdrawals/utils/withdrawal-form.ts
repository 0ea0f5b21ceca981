import {
  formatAmount,
  formatDollars,
  parseMoney,
  WITHDRAWAL_DAILY_MAX_MICROS,
  WITHDRAWAL_WALLETS,
  walletLabels,
  withdrawalBody,
  withdrawalFee,
  type WithdrawalWallet,
} from '@app/contracts';
import { z } from 'zod';

/** Spendable micro-dollars of each wallet a withdrawal may come from; undefined while loading. */
export type AvailableMicros = Record<WithdrawalWallet, bigint | undefined>;

/** The most one request may ask: what the wallet holds, and never more than a day allows. */
export const maxWithdrawal = (available: bigint) =>
  available < WITHDRAWAL_DAILY_MAX_MICROS ? available : WITHDRAWAL_DAILY_MAX_MICROS;

/** The API's amount rule: required, a decimal of at most 6 places, at least $10. */
const amountRule = withdrawalBody.shape.amount;

/**
 * The wallet and amount: the API's amount rule, then the daily cap and the wallet's available
 * balance. The server checks them again, and also what was already requested today.
 */
export function withdrawalFormSchema(available: AvailableMicros) {
  return z
    .object({ wallet: z.enum(WITHDRAWAL_WALLETS), amount: amountRule })
    .superRefine(({ wallet, amount }, ctx) => {
      const parsed = parseMoney(amount);
      if (!parsed.ok) return;
      const refuse = (message: string) =>
        ctx.addIssue({ code: 'custom', path: ['amount'], message });
      const balance = available[wallet];
      if (parsed.micros > WITHDRAWAL_DAILY_MAX_MICROS)
        refuse(`At most ${formatDollars(WITHDRAWAL_DAILY_MAX_MICROS)} can be withdrawn per day`);
      else if (balance !== undefined && parsed.micros > balance)
        refuse(
          `Your ${walletLabels[wallet].toLowerCase()} wallet has ${formatAmount(balance)} available`,
        );
    });
}

export type WithdrawalFormSchema = ReturnType<typeof withdrawalFormSchema>;
export type WithdrawalFormInput = z.input<WithdrawalFormSchema>;
export type WithdrawalFormValues = z.output<WithdrawalFormSchema>;

export type FeePreview = { amount: bigint; fee: bigint; net: bigint };

/**
 * The fee and net of what is typed so far, with the server's own rule (integer micro-dollars,
 * floor of 5 %); null until the text is an amount the API would take.
 */
export function previewFee(amountText: string): FeePreview | null {
  const parsed = amountRule.safeParse(amountText);
  const micros = parsed.success ? parseMoney(parsed.data) : null;
  if (!micros?.ok) return null;
  return { amount: micros.micros, ...withdrawalFee(micros.micros) };
}

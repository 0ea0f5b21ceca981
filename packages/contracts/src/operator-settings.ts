import { z } from 'zod';

// Settings an operator changes in the console without a deploy (decision 0046).

/** The longest hold an operator may set: 30 days. */
export const WITHDRAWAL_HOLD_MAX_HOURS = 720;
export const WITHDRAWAL_HOLD_DEFAULT_HOURS = 24;

const holdHoursMessage = `Enter whole hours from 0 to ${WITHDRAWAL_HOLD_MAX_HOURS}.`;

/**
 * GET and PUT operator/settings/security: how many hours withdrawals wait after a member's
 * password is changed or reset, their second factor is turned off or their payout address is
 * changed; 0 turns the hold off.
 */
export const securitySettings = z.object({
  withdrawalHoldHours: z.coerce
    .number({ error: holdHoursMessage })
    .int(holdHoursMessage)
    .min(0, holdHoursMessage)
    .max(WITHDRAWAL_HOLD_MAX_HOURS, holdHoursMessage),
});
export type SecuritySettings = z.output<typeof securitySettings>;
export type SecuritySettingsInput = z.input<typeof securitySettings>;

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

/**
 * When registration and forgotten-password requests need a solved proof-of-work challenge
 * (decision 0050): past a volume per address (`adaptive`), or on every request (`always`).
 */
export const PROOF_OF_WORK_MODES = ['adaptive', 'always'] as const;
export type ProofOfWorkMode = (typeof PROOF_OF_WORK_MODES)[number];

/** GET and PUT operator/settings/proof-of-work. */
export const proofOfWorkSettings = z.object({
  mode: z.enum(PROOF_OF_WORK_MODES, { error: 'Choose when the robot check is asked for.' }),
});
export type ProofOfWorkSettings = z.output<typeof proofOfWorkSettings>;

/** The longest any retention period may be: ten years. */
export const RETENTION_MAX_DAYS = 3650;
export const CLOSED_ACCOUNT_RETENTION_DEFAULT_DAYS = 30;
export const REJECTED_DOCUMENT_RETENTION_DEFAULT_DAYS = 90;

const retentionDaysMessage = `Enter whole days from 1 to ${RETENTION_MAX_DAYS}.`;
const retentionDays = z.coerce
  .number({ error: retentionDaysMessage })
  .int(retentionDaysMessage)
  .min(1, retentionDaysMessage)
  .max(RETENTION_MAX_DAYS, retentionDaysMessage);

/**
 * GET and PUT operator/settings/retention (decision 0060): how many days after its closure is
 * confirmed a closed account's personal data is erased, and how many days after it was rejected
 * or replaced an identity document is deleted. The daily retention run does both.
 */
export const retentionSettings = z.object({
  closedAccountDays: retentionDays,
  rejectedDocumentDays: retentionDays,
});
export type RetentionSettings = z.output<typeof retentionSettings>;

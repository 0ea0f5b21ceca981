import { z } from 'zod';

/**
 * What a blocked member reads, at sign-in (403 ACCOUNT_BLOCKED) and when a session of theirs is
 * refused (401): support inside the app is out of reach, so the address to write to is in it.
 */
export const accountBlockedMessage = (supportEmail: string) =>
  `This account is blocked. Please write to support at ${supportEmail}.`;

/** The `data` of those answers: the app shows the notice with the address as a link. */
export const accountBlockedData = z.object({
  accountBlocked: z.literal(true),
  supportEmail: z.string(),
});
export type AccountBlockedData = z.infer<typeof accountBlockedData>;

// A closed account's answers take the same shape. Here rather than with the closing of an
// account (account-closure.ts): the web app's first chunk reads these with every API answer, and
// that module brings the statements' and incomes' schemas with it.

export const ACCOUNT_IS_CLOSED = 'This account is closed';

/** What a closed member reads at sign-in once the password was right, and when a session ends. */
export const accountClosedMessage = (supportEmail: string) =>
  `${ACCOUNT_IS_CLOSED}. For any question, write to support at ${supportEmail}.`;

/**
 * The `data` of those answers, like a blocked account's (`accountBlockedData`): the app shows
 * the same notice, in a closed account's words, with the address as a link.
 */
export const accountClosedData = z.object({
  accountClosed: z.literal(true),
  supportEmail: z.string(),
});
export type AccountClosedData = z.infer<typeof accountClosedData>;

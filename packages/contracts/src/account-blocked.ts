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

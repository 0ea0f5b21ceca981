import type { Executor } from '../db/client.ts';
import { notifyMember } from './notifications.ts';

/** Where a security notification leads: the profile, with the password and the payout address. */
export const SECURITY_LINK = '/profile';

/**
 * A notification about the account's safety (a new device, a password or payout address
 * change): kind `security`, linking to the profile where the member can act on it. Written in
 * the transaction of the event, like every notification.
 */
export const notifySecurity = (db: Executor, memberId: string, message: string, now: Date) =>
  notifyMember(db, memberId, message, now, { kind: 'security', link: SECURITY_LINK });

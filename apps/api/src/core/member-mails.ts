import type { Executor } from '../db/client.ts';
import { queueMail } from './mail-outbox/queue-mail.ts';

/** What happened to the account, told by email; never a code, a password or a token. */
export type SecurityNotice =
  | { kind: 'password-changed' }
  | { kind: 'password-reset' }
  | { kind: 'new-sign-in'; at: Date; device: string; ip: string }
  | { kind: 'operator-view'; at: Date; role: string }
  | { kind: 'second-factor-on' }
  | { kind: 'second-factor-off' }
  | { kind: 'second-factor-reset' }
  | { kind: 'recovery-codes-replaced' }
  | { kind: 'sign-in-guessing' }
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string }
  | { kind: 'passkey-sign-in'; enabled: boolean }
  /** Support (or the member, `byMember`) changed the name or mobile number (`changes` in words). */
  | { kind: 'details-changed'; changes: string; byMember?: boolean }
  /** The account's email changed: mailed to the old address and to the new one. */
  | { kind: 'email-changed'; from: string; to: string; byMember?: boolean };

const IF_NOT_YOU =
  'If this was not you, change your password at once (or use "Forgot password?" on the sign-in page) and contact support.';

/** 2026-11-24 18:47: a moment to the minute, as the notices show it (UTC). */
export const utcMinute = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16);

/** What a notice adds when its change paused withdrawals (decision 0046); empty otherwise. */
export const holdLine = (until: Date | null) =>
  until ? `Withdrawals are paused until ${utcMinute(until)} UTC as a precaution.` : '';

function noticeMail(notice: SecurityNotice): { subject: string; text: string } {
  switch (notice.kind) {
    case 'password-changed':
      return {
        subject: 'Your password was changed',
        text: `The password of your account was changed. Every other device signed in to it was signed out.\n${IF_NOT_YOU}`,
      };
    case 'password-reset':
      return {
        subject: 'Your password was reset',
        text: `The password of your account was reset with a code sent to this address. Every device signed in to it was signed out.\n${IF_NOT_YOU}`,
      };
    case 'new-sign-in':
      return {
        subject: 'New sign-in to your account',
        text: `Your account was signed in to from a device not seen before.\nWhen: ${utcMinute(notice.at)} UTC\nDevice: ${notice.device}\nAddress: ${notice.ip}\n${IF_NOT_YOU}`,
      };
    case 'second-factor-on':
      return {
        subject: 'Two-factor authentication is on',
        text: `Signing in to your account now needs a code from your authenticator app (or one of your recovery codes) after the password.\n${IF_NOT_YOU}`,
      };
    case 'second-factor-off':
      return {
        subject: 'Two-factor authentication was turned off',
        text: `Signing in to your account needs only the password again.\n${IF_NOT_YOU}`,
      };
    case 'second-factor-reset':
      return {
        subject: 'Two-factor authentication was reset by support',
        text: `At your request, support turned off two-factor authentication on your account. Signing in needs only the password until you turn it on again from your profile.\n${IF_NOT_YOU}`,
      };
    case 'recovery-codes-replaced':
      return {
        subject: 'New recovery codes were made',
        text: `New recovery codes were made for your account; the earlier ones no longer work.\n${IF_NOT_YOU}`,
      };
    case 'passkey-added':
      return {
        subject: 'A passkey was added to your account',
        text: `A passkey named "${notice.name}" was added to your account. It can now confirm your sign-ins and payouts.\n${IF_NOT_YOU}`,
      };
    case 'passkey-removed':
      return {
        subject: 'A passkey was removed from your account',
        text: `The passkey named "${notice.name}" was removed from your account and no longer works.\n${IF_NOT_YOU}`,
      };
    case 'passkey-sign-in':
      return notice.enabled
        ? {
            subject: 'Sign-in with a passkey alone is on',
            text: `Your passkeys can now sign in to your account on their own, without the password.\n${IF_NOT_YOU}`,
          }
        : {
            subject: 'Sign-in with a passkey alone is off',
            text: `Signing in to your account needs the password again; your passkeys still confirm it.\n${IF_NOT_YOU}`,
          };
    case 'sign-in-guessing':
      return {
        subject: 'Many failed sign-ins on your account',
        text: `Many wrong passwords were tried on your account in the last hour, from several addresses. Your account is not locked: for now, signing in to it needs an automatic robot check and, after the password, a code we email you (or one from your authenticator app).\nIf you did not try to sign in, change your password, and consider turning on two-factor authentication in your profile.`,
      };
    case 'details-changed':
      if (notice.byMember)
        return {
          subject: 'Your account details were changed',
          text: `The details of your account were changed from the profile: ${notice.changes}.\n${IF_NOT_YOU}`,
        };
      return {
        subject: 'Support changed your account details',
        text: `Support changed the details of your account: ${notice.changes}.\nIf you did not ask for this, contact support.`,
      };
    case 'email-changed':
      if (notice.byMember)
        return {
          subject: 'The email of your account was changed',
          text: `The email of your account was changed from ${notice.from} to ${notice.to}, confirmed with a code sent to the new address. Codes and notices now go there.\n${IF_NOT_YOU}`,
        };
      return {
        subject: 'The email of your account was changed',
        text: `Support changed the email of your account from ${notice.from} to ${notice.to}. Codes and notices now go to the new address; verify it from the app with the code sent to it.\n${IF_NOT_YOU}`,
      };
    case 'operator-view':
      return {
        subject: 'An operator viewed your account',
        text: `An operator (${notice.role}) opened a read-only view of your account.\nWhen: ${utcMinute(notice.at)} UTC\nThe view lasts 15 minutes and cannot move money or change anything.\nIf you did not expect this, contact support.`,
      };
  }
}

/**
 * Tells the member by email that their account's security changed: the mail is written in the
 * transaction of the change, so it goes out if and only if the change is made, even when the SMTP
 * server is down at that moment. Returns the mail's id for the prompt send after the commit.
 */
export function queueSecurityNotice(
  tx: Executor,
  to: string,
  notice: SecurityNotice,
  now: Date,
  /** When the change paused withdrawals, until when: the mail says so (decision 0046). */
  heldUntil: Date | null = null,
): Promise<string> {
  const { subject, text } = noticeMail(notice);
  const held = heldUntil ? `\n${holdLine(heldUntil)}` : '';
  return queueMail(tx, { kind: 'security-notice', to, subject, text: `${text}${held}` }, now);
}

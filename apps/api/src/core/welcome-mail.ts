import type { Executor } from '../db/client.ts';
import { queueMail } from './mail-outbox/queue-mail.ts';

/** The members' sign-in page of the web app; `referralCode` there fills in the Registered ID. */
export const SIGN_IN_PATH = '/login';

export type WelcomeMail = {
  to: string;
  name: string;
  /** The Registered ID the registration drew: the member's sign-in id and invitation id. */
  referralCode: string;
  /** PUBLIC_URL: the base of the sign-in link. */
  publicUrl: string;
  /** As the mails sign, e.g. "Member Invest". */
  siteName: string;
};

/** The sign-in link of the welcome mail, the Registered ID filled in. */
export function signInLink(publicUrl: string, referralCode: string): string {
  const link = new URL(SIGN_IN_PATH, `${publicUrl.replace(/\/$/, '')}/`);
  link.searchParams.set('referralCode', referralCode);
  return link.toString();
}

/**
 * The welcome mail: the random Registered ID, which the member could otherwise only read in the
 * app's first screens, and the link to sign in with it (decision 0051). It has no code and no
 * expiry: written in the registration's transaction, it is retried until the SMTP server takes it.
 */
export function welcomeMail(mail: WelcomeMail): { subject: string; text: string } {
  return {
    subject: `Welcome to ${mail.siteName}`,
    text: [
      `Welcome, ${mail.name}!`,
      `Your Registered ID is ${mail.referralCode}. Sign in with it (or with this email address) and the password you chose:`,
      signInLink(mail.publicUrl, mail.referralCode),
      `Your Registered ID is also your invitation id: the people you invite enter it when they sign up.`,
      `If you did not create this account, ignore this email.`,
    ].join('\n'),
  };
}

/** Writes the welcome mail to the outbox in the registration's transaction; returns its id. */
export function queueWelcomeMail(tx: Executor, mail: WelcomeMail, now: Date): Promise<string> {
  return queueMail(tx, { kind: 'welcome', to: mail.to, ...welcomeMail(mail) }, now);
}

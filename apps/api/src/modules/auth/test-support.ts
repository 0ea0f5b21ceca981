// Helpers for the account-security suites of this module (imported by tests only).
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { call } from '../../testing/requests.ts';
import type { ReceivedMail } from '../../testing/smtp-sink.ts';
import type { TestApp } from '../../testing/test-app.ts';

/** POST auth/login as a browser with this user agent (light-my-request's own by default). */
export const signInFrom = (
  t: TestApp,
  loginId: string,
  password: string,
  userAgent = 'lightMyRequest',
) =>
  call(
    t.app,
    'POST',
    'auth/login',
    { loginId, password },
    { headers: { 'user-agent': userAgent } },
  );

/** The member's security notifications (by Registered ID), oldest first. */
export const securityNotices = (t: TestApp, code: string) =>
  queryRows<{ message: string; link: string | null }>(
    t.ctx.database.db,
    sql`select n.message, n.link from notifications n join members m on m.id = n.member_id
        where m.referral_code = ${code} and n.kind = 'security' order by n.created_at, n.id`,
  );

/** The first mail to `email` with this subject received after the sink held `since` mails. */
export const mailAfter = (
  t: TestApp,
  since: number,
  email: string,
  subject: string,
): Promise<ReceivedMail> =>
  t.smtp.waitFor(
    (mail) =>
      t.smtp.mails.indexOf(mail) >= since && mail.to.includes(email) && mail.subject === subject,
  );

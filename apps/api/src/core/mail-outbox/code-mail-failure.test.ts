import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { CODE_MAIL_FAILED } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.ts';
import { sendDueMails } from '../../jobs/mail-sender.ts';
import { runRetention } from '../../jobs/retention-run.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call, registration } from '../../testing/requests.ts';
import { otpFrom, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { RETRY_DELAYS_MS } from './backoff.ts';

// Registration while the SMTP server is down: the member is registered and told a code was sent,
// the code's mail is retried on the test clock and given up when the code expires; then the
// member's next check of a code says it never came, the console's overview and /metrics count
// the failure, and a new code asked for once SMTP is back arrives and works.

let t: TestApp;
let port: number;
let sink: SmtpSink | null = null;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  const probe = await startSmtpSink();
  port = Number(new URL(probe.url).port);
  await probe.close();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  await createRootMember(t.ctx.database);
});
afterAll(async () => {
  await t.close();
  await sink?.close();
});

type MailRow = { state: string; attempts: number; last_error: string | null };
const codeMailOf = async (email: string) =>
  (
    await queryRows<MailRow>(
      t.ctx.database.db,
      sql`select state, attempts, last_error from mail_outbox
           where recipient = ${email} and kind = 'code:verify-email'`,
    )
  )[0];

describe('a code mail that cannot be sent', () => {
  it('is retried, given up, shown to the member, the overview and the metrics', async () => {
    const body = registration('ROOT2345');
    const registered = await call(t.app, 'POST', 'auth/register', body);
    expect(registered.status).toBe(200);
    const loginId = registered.body.data.referral_code as string;
    const email = body.email.toLowerCase();

    // The prompt send right after the commit failed and scheduled a retry.
    await vi.waitFor(async () =>
      expect(await codeMailOf(email)).toMatchObject({
        state: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/ECONNREFUSED/),
      }),
    );

    // Retries at 5 s, 35 s and 2 min 35 s; the next would come after the code's 10 minutes.
    for (const delay of RETRY_DELAYS_MS.slice(0, 3)) {
      t.clock.advance(delay);
      await sendDueMails(t.ctx, log);
    }
    expect(await codeMailOf(email)).toMatchObject({ state: 'failed', attempts: 4 });

    // The member's next try at a code is told the mail never came, not that the code is wrong.
    const verify = await call(t.app, 'POST', 'auth/otp-verify', { loginId, otp: '123456' });
    expect(verify.status).toBe(409);
    expect(verify.body).toMatchObject({ error: 'CODE_NOT_SENT', message: CODE_MAIL_FAILED });

    const operator = await signInOperator(t, 'mail-watch@example.com', 'support');
    const overview = await call(t.app, 'GET', 'operator/dashboard', undefined, { token: operator });
    expect(overview.body.data.mails).toEqual({ failed: 1 });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^mail_outbox_failed 1$/m);

    // SMTP is back: a new code goes out at once and works; the failure stays counted.
    sink = await startSmtpSink(port);
    t.clock.advance(MINUTE_MS);
    const login = await call(t.app, 'POST', 'auth/login', { loginId, password: body.password });
    const token = login.body.data.access_token as string;
    const resent = await call(t.app, 'GET', 'auth/send-otp?purpose=verify-email', undefined, {
      token,
    });
    expect(resent.status).toBe(200);
    const mail = await sink.waitFor((candidate) => candidate.subject.startsWith('Your code'));
    const verified = await call(t.app, 'POST', 'auth/otp-verify', { loginId, otp: otpFrom(mail) });
    expect(verified.status).toBe(200);
    expect(
      (await call(t.app, 'GET', 'operator/dashboard', undefined, { token: operator })).body.data
        .mails,
    ).toEqual({ failed: 1 });

    // A week later the failure has left the count and the retention run deletes its row.
    const later = new Date(t.clock.now().getTime() + 8 * DAY_MS);
    const failedRows = sql`select count(*)::int as n from mail_outbox where state = 'failed'`;
    expect(await queryRows(t.ctx.database.db, failedRows)).toEqual([{ n: 1 }]);
    await runRetention(t.ctx.database.db, later, { batchSize: 100 });
    expect(await queryRows(t.ctx.database.db, failedRows)).toEqual([{ n: 0 }]);
  });
});

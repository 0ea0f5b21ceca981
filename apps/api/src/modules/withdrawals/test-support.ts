// Helpers for the withdrawals suites (imported by tests only): members ready to withdraw, the
// codes the server mails them, and the requests of the flow.
import { sql } from 'drizzle-orm';
import type { ValidationErrorEnvelope, WithdrawalBody } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { adjustMemberBalance } from '../../ledger/index.ts';
import { call } from '../../testing/requests.ts';
import { otpFrom } from '../../testing/smtp-sink.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { emailOf, fundedMember, tokenOf } from '../../testing/members.ts';
import { markIdentityVerified } from '../../testing/verified-identity.ts';
import { turnOnAuthenticator } from '../../testing/member-second-factor.ts';

/** Real main-net addresses: USDT's own contracts on TRON and on BNB Smart Chain. */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const BSC_ADDRESS = '0x55d398326f99059ff775485246999027b3197955';
/** Each test app sends codes far more often than a member would. */
export const WITHDRAWAL_TEST_ENV = { OTP_RATE_LIMIT: '10000' };

type Setup = {
  profit?: bigint;
  compounding?: bigint;
  fund?: bigint;
  verified?: boolean;
  address?: string | null;
  /** Identity verified by operators (decision 0055), so any amount passes that gate: default yes. */
  identityVerified?: boolean;
};

/** A member with money in the given wallets, a verified email and a saved address by default. */
export async function withdrawer(t: TestApp, setup: Setup = {}): Promise<string> {
  const db = t.ctx.database.db;
  const memberId = await fundedMember(t, setup.fund ?? 0n);
  for (const wallet of ['profit', 'compounding'] as const) {
    const amount = setup[wallet] ?? 0n;
    if (amount > 0n)
      await adjustMemberBalance(db, {
        memberId,
        wallet,
        amount,
        reference: `test-${wallet}:${memberId}`,
        reason: 'test funding',
        now: t.clock.now(),
      });
  }
  const verifiedAt = setup.verified === false ? null : t.clock.now().toISOString();
  const address = setup.address === undefined ? TRON_ADDRESS : setup.address;
  await db.execute(sql`
    update members set email_verified_at = ${verifiedAt}::timestamptz, payout_address = ${address}
    where id = ${memberId}`);
  if (setup.identityVerified !== false) await markIdentityVerified(db, memberId, t.clock.now());
  return memberId;
}

export { emailOf } from '../../testing/members.ts';

export async function member(
  t: TestApp,
  memberId: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return call(t.app, method, url, body, { token: await tokenOf(t, memberId), headers });
}

/**
 * GET auth/send-otp with these parameters, then the code from the mail it sent. The clock
 * first moves past the resend interval, so every call may ask again.
 */
export async function requestCode(
  t: TestApp,
  memberId: string,
  query: Record<string, string>,
): Promise<string> {
  t.clock.advance(MINUTE_MS + 1);
  const email = await emailOf(t, memberId);
  const before = t.smtp.mails.length;
  const answer = await member(t, memberId, 'GET', `auth/send-otp?${new URLSearchParams(query)}`);
  if (answer.status !== 200) throw new Error(`send-otp: ${JSON.stringify(answer.body)}`);
  const mail = await t.smtp.waitFor(
    (candidate) =>
      t.smtp.mails.indexOf(candidate) >= before &&
      candidate.to.includes(email) &&
      candidate.subject.startsWith('Your code:'),
  );
  return otpFrom(mail);
}

export const withdrawalCode = (
  t: TestApp,
  memberId: string,
  wallet: string,
  amount: string,
): Promise<string> => requestCode(t, memberId, { purpose: 'withdrawal', wallet, amount });

export const withdraw = (
  t: TestApp,
  memberId: string,
  body: Partial<WithdrawalBody> | Record<string, unknown>,
  key?: string,
) => member(t, memberId, 'POST', 'safe/withdrawal', body, key ? { 'idempotency-key': key } : {});

/** Asks for the code and withdraws with it: the happy path in one step. */
export async function withdrawWithCode(
  t: TestApp,
  memberId: string,
  wallet: 'profit' | 'compounding',
  amount: string,
) {
  const otp = await withdrawalCode(t, memberId, wallet, amount);
  return withdraw(t, memberId, { wallet, amount, otp });
}

/** What a refused request must leave untouched: balances, holds, withdrawals, notifications. */
export async function withdrawalState(t: TestApp, memberId: string) {
  const [row] = await queryRows<Record<string, string>>(
    t.ctx.database.db,
    sql`
    select (select count(*) from withdrawals where member_id = ${memberId})::text as withdrawals,
      (select count(*) from holds)::text as holds,
      (select count(*) from transfers)::text as transfers,
      (select count(*) from notifications where member_id = ${memberId})::text as notifications,
      (select string_agg(kind || ':' || balance || '/' || held, ',' order by kind)
        from accounts where member_id = ${memberId}) as accounts`,
  );
  return row;
}

/** The member's notifications, oldest first. */
export async function notificationsOf(t: TestApp, memberId: string): Promise<string[]> {
  const rows = await queryRows<{ message: string }>(
    t.ctx.database.db,
    sql`select message from notifications where member_id = ${memberId} order by created_at, id`,
  );
  return rows.map((row) => row.message);
}

/** The validation results of a 422 envelope. */
export const fieldErrors = (body: Record<string, unknown>) =>
  (body as ValidationErrorEnvelope).message[0].validation_results;

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

/** Gives the member a known password, as a member who signed up would have. */
export async function withPassword(t: TestApp, memberId: string, password: string) {
  await t.ctx.database.db.execute(
    sql`update members set password_hash = ${await hashPassword(password)} where id = ${memberId}`,
  );
}

/**
 * Turns the member's authenticator on through the API, in a session signed in by password; the
 * clock then moves to the next 30-second step, since the confirmation used this one. Answers the
 * session and the code the member's app shows at the clock's time.
 */
export async function withAuthenticator(t: TestApp, memberId: string, password: string) {
  const token = await tokenOf(t, memberId);
  const { code } = await turnOnAuthenticator(t, token, password);
  return { token, code };
}

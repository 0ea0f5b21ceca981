// Helpers for the suites of every module (imported by tests only): members with funded wallets,
// fresh sessions at the manual clock's current instant, package calls through the API, and
// counts of what a use case wrote.
import { sql } from 'drizzle-orm';
import { parseMoney, type BuyPackageBody } from '@app/contracts';
import { queryRows } from '../db/client.ts';
import { DAY_MS } from '../lib/clock.ts';
import { adjustMemberBalance, getMemberBalances } from '../ledger/index.ts';
import { insertLedgerTestMember } from './ledger-assertions.ts';
import { call } from './requests.ts';
import { TEST_START, type TestApp } from './test-app.ts';
import { createSession } from '../core/sessions/member-sessions.ts';

/** TEST_START is Monday 2026-03-02 09:00 UTC; `at(1)` is Tuesday 09:00, and so on. */
export const at = (days: number, hour = 9) =>
  new Date(TEST_START.getTime() + days * DAY_MS + (hour - 9) * 3_600_000);

export type Catalogue = Record<string, string>;

export async function readCatalogue(t: TestApp): Promise<Catalogue> {
  const rows = await queryRows<{ id: string; name: string }>(
    t.ctx.database.db,
    sql`select id, name from packages`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

/**
 * A member with `fund` micro-dollars in the fund wallet (an adjustment from the house), joined
 * under `sponsorId` when given.
 */
export async function fundedMember(
  t: TestApp,
  fund: bigint,
  sponsorId: string | null = null,
): Promise<string> {
  const db = t.ctx.database.db;
  const { memberId } = await insertLedgerTestMember(db, t.clock.now(), sponsorId);
  if (fund > 0n) {
    await adjustMemberBalance(db, {
      memberId,
      wallet: 'fund',
      amount: fund,
      reference: `test-fund:${memberId}`,
      reason: 'test funding',
      now: t.clock.now(),
    });
  }
  return memberId;
}

/** Moving the clock by days outlives sessions (12 h), so each call signs in at the clock's now. */
export const tokenOf = (t: TestApp, memberId: string) =>
  createSession(t.ctx.database.db, {
    memberId,
    now: t.clock.now(),
    ip: '127.0.0.1',
    userAgent: 'packages-test',
  });

export async function api(
  t: TestApp,
  memberId: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return call(t.app, method, url, body, { token: await tokenOf(t, memberId), headers });
}

export const buy = (
  t: TestApp,
  memberId: string,
  body: Partial<BuyPackageBody> | Record<string, unknown>,
  key?: string,
) => api(t, memberId, 'POST', 'package/buy-package', body, key ? { 'idempotency-key': key } : {});

export const claim = (t: TestApp, memberId: string, key?: string) =>
  api(
    t,
    memberId,
    'POST',
    'package/claim-profit',
    undefined,
    key ? { 'idempotency-key': key } : {},
  );

export const claimStatus = async (t: TestApp, memberId: string) =>
  (await api(t, memberId, 'GET', 'package/todays-claim-status')).body.data;

/** What a refused request must leave untouched. */
export async function snapshot(t: TestApp, memberId: string) {
  const db = t.ctx.database.db;
  const [counts] = await queryRows<{
    transfers: string;
    purchases: string;
    claims: string;
    notifications: string;
  }>(
    db,
    sql`
    select (select count(*) from transfers)::text as transfers,
      (select count(*) from member_packages)::text as purchases,
      (select count(*) from package_claims)::text as claims,
      (select count(*) from notifications where member_id = ${memberId}::uuid)::text as notifications`,
  );
  return { balances: await getMemberBalances(db, memberId), counts };
}

/** A catalogue package made for a test (e.g. 3 days, so expiry comes quickly). */
export async function insertPackage(
  t: TestApp,
  input: { name: string; days: number; rate: number; min?: bigint; max?: bigint; active?: boolean },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.ctx.database.db,
    sql`
    insert into packages (name, min_amount, max_amount, daily_rate, total_days, active, sort_order, created_at)
    values (${input.name}, ${input.min ?? 1_000_000n}, ${input.max ?? 100_000_000_000n}, ${input.rate}, ${input.days}, ${input.active ?? true}, 99,
      ${t.clock.now().toISOString()}::timestamptz)
    returning id`,
  );
  if (!row) throw new Error('package insert returned nothing');
  return row.id;
}

/** Micro-dollars from exact decimal text, e.g. usd('499.999999'). */
export function usd(text: string): bigint {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.micros;
}

export async function emailOf(t: TestApp, memberId: string): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    t.ctx.database.db,
    sql`select email from members where id = ${memberId}`,
  );
  if (!row) throw new Error(`member ${memberId} does not exist`);
  return row.email;
}

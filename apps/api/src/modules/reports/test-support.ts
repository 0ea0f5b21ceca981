// Helpers for the reports suites (imported by tests only): money events written at the manual
// clock's instant, so each suite knows every figure its reports must show.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { adjustMemberBalance, getMemberAccountIds, placeHold } from '../../ledger/index.ts';
import { api, fundedMember, usd } from '../../testing/members.ts';
import { call } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';

let hashCounter = 0;
const freshHash = () => (hashCounter += 1).toString(16).padStart(64, 'd');

/** A member joined at the clock's now, with a Registered ID the filters accept. */
export async function reportMember(t: TestApp, code: string): Promise<string> {
  const memberId = await fundedMember(t, 0n);
  await t.ctx.database.db.execute(
    sql`update members set referral_code = ${code} where id = ${memberId}`,
  );
  return memberId;
}

/** A manual deposit sent by the member and, unless `pending`, confirmed by the operator now. */
export async function deposit(
  t: TestApp,
  memberId: string,
  amount: string,
  operatorToken: string,
  pending = false,
): Promise<string> {
  const created = await api(t, memberId, 'POST', 'secure/create', {
    amount,
    provider: 'manual',
    txHash: freshHash(),
  });
  if (created.status !== 200) throw new Error(`deposit: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  if (pending) return id;
  const confirmed = await call(t.app, 'POST', `operator/deposits/${id}/confirm`, undefined, {
    token: operatorToken,
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  return id;
}

/**
 * A withdrawal row as the request writes it (its hold placed on the profit wallet), requested
 * now; `paidAt` marks it paid then. The dashboard reads these rows, not how they came about.
 */
export async function withdrawalRow(
  t: TestApp,
  memberId: string,
  amount: string,
  paidAt?: Date,
): Promise<string> {
  const db = t.ctx.database.db;
  const now = t.clock.now();
  const micros = usd(amount);
  await adjustMemberBalance(db, {
    memberId,
    wallet: 'profit',
    amount: micros,
    reference: `report-profit:${randomUUID()}`,
    reason: 'test funding',
    now,
  });
  const accounts = await getMemberAccountIds(db, memberId);
  if (!accounts) throw new Error('member has no accounts');
  const { hold } = await placeHold(db, {
    accountId: accounts.profit,
    amount: micros,
    reference: `withdrawal:${randomUUID()}`,
    now,
  });
  const id = randomUUID();
  const fee = micros / 10n;
  await db.execute(sql`
    insert into withdrawals (id, member_id, wallet, amount, fee, net_amount, address, status,
      business_day, hold_id, tx_hash, decided_at, created_at)
    values (${id}, ${memberId}, 'profit', ${micros}, ${fee}, ${micros - fee},
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ${paidAt ? 'paid' : 'pending'},
      ${now.toISOString().slice(0, 10)}, ${hold.id}, ${paidAt ? `0x${'ab'.repeat(32)}` : null},
      ${paidAt?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz)`);
  return id;
}

/** A ticket in the given state, written now. */
export async function ticketRow(
  t: TestApp,
  memberId: string,
  status: 'open' | 'answered' | 'closed',
): Promise<void> {
  const now = t.clock.now().toISOString();
  await t.ctx.database.db.execute(sql`
    insert into tickets (member_id, subject, category, status, last_author, created_at, updated_at, closed_at)
    values (${memberId}, 'A question', 'other', ${status},
      ${status === 'answered' ? 'operator' : 'member'}, ${now}::timestamptz, ${now}::timestamptz,
      ${status === 'closed' ? now : null}::timestamptz)`);
}

/** A pending four-eyes adjustment proposed by the operator with that email. */
export async function pendingAdjustmentRow(t: TestApp, memberId: string, email: string) {
  const [operator] = await queryRows<{ id: string }>(
    t.ctx.database.db,
    sql`select id from operators where email = ${email}`,
  );
  await t.ctx.database.db.execute(sql`
    insert into money_adjustments (member_id, wallet, amount, reason, reference, proposed_by, proposed_at)
    values (${memberId}, 'fund', 5000000, 'Missed credit', 'ref-1', ${operator?.id},
      ${t.clock.now().toISOString()}::timestamptz)`);
}

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPERATOR_ROLE_REFUSED, WITHDRAWAL_NOT_PENDING } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { getHouseBalances, getMemberBalances } from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { tokenOf, usd } from '../../testing/members.ts';
import {
  member,
  notificationsOf,
  TRON_ADDRESS,
  withdrawer,
  withdrawWithCode,
  WITHDRAWAL_TEST_ENV,
} from './test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: WITHDRAWAL_TEST_ENV });
});
afterAll(() => t.close());
afterEach(() => expectReconciled(t.ctx.database.db));

const TX_HASH = `0x${'ab'.repeat(32)}`;
const db = () => t.ctx.database.db;
/** Sessions end as the clock moves, so each use signs in at the clock's now. */
const operatorToken = (role: 'admin' | 'finance' | 'support') =>
  signInOperator(t, `${role}@ops.example.com`, role);
const asOperator = async (
  role: 'admin' | 'finance' | 'support',
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) => call(t.app, method, `operator/${url}`, body, { token: await operatorToken(role) });

async function pendingWithdrawal(amount = '100', wallet: 'profit' | 'compounding' = 'profit') {
  const memberId = await withdrawer(t, { [wallet]: usd('300') });
  const answer = await withdrawWithCode(t, memberId, wallet, amount);
  expect(answer.status).toBe(200);
  return { memberId, id: answer.body.data.id as string };
}
const auditOf = (id: string) =>
  queryRows<{ action: string; email: string; detail: Record<string, unknown>; ip: string }>(
    db(),
    sql`select a.action, o.email, a.detail, a.ip from audit_log a join operators o on o.id = a.operator_id
      where a.target_type = 'withdrawal' and a.target_id = ${id} order by a.id`,
  );

describe('GET safe/withdrwal-hist', () => {
  it("lists the member's own withdrawals newest first, filtered by wallet and status, under both spellings", async () => {
    const memberId = await withdrawer(t, { profit: usd('300'), compounding: usd('300') });
    const first = await withdrawWithCode(t, memberId, 'profit', '10');
    await member(t, memberId, 'POST', `safe/withdrawal/${first.body.data.id as string}/cancel`);
    const second = await withdrawWithCode(t, memberId, 'compounding', '20');
    const other = await pendingWithdrawal();

    const all = await member(t, memberId, 'GET', 'safe/withdrwal-hist');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(all.body.data.data.map((row: { id: string }) => row.id)).toEqual([
      second.body.data.id,
      first.body.data.id,
    ]);
    expect(all.body.data.data[1]).toMatchObject({
      wallet: 'profit',
      amount: 10,
      fee: 0.5,
      netAmount: 9.5,
      address: TRON_ADDRESS,
      status: 'cancelled',
      txHash: null,
    });
    expect(all.body.data.data.map((row: { id: string }) => row.id)).not.toContain(other.id);

    const compounding = await member(t, memberId, 'GET', 'safe/withdrawal-hist?wallet=compounding');
    expect(compounding.body.data.data.map((row: { id: string }) => row.id)).toEqual([
      second.body.data.id,
    ]);
    const cancelled = await member(t, memberId, 'GET', 'safe/withdrwal-hist?status=cancelled');
    expect(cancelled.body.data.total).toBe(1);
    const paged = await member(t, memberId, 'GET', 'safe/withdrwal-hist?page=2&pageSize=1');
    expect(paged.body.data.data[0].id).toBe(first.body.data.id);

    const bad = await member(t, memberId, 'GET', 'safe/withdrwal-hist?wallet=fund');
    expect(bad.status).toBe(422);
    expect(bad.body.message[0].validation_results).toEqual([
      { field: 'wallet', reason: 'Enter valid Wallet.' },
    ]);
  });
});

describe('POST safe/withdrawal/{id}/cancel', () => {
  it('voids the hold of the own pending withdrawal; anyone else’s id answers 404', async () => {
    const { memberId, id } = await pendingWithdrawal('100');
    const stranger = await withdrawer(t);
    for (const url of [`safe/withdrawal/${id}/cancel`, 'safe/withdrawal/not-a-uuid/cancel']) {
      const refused = await member(t, stranger, 'POST', url);
      expect(refused.status).toBe(404);
    }
    expect((await getMemberBalances(db(), memberId)).profit.held).toBe(usd('100'));

    const cancelled = await member(t, memberId, 'POST', `safe/withdrawal/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id, status: 'cancelled' });
    expect((await getMemberBalances(db(), memberId)).profit).toEqual({
      balance: usd('300'),
      held: 0n,
      available: usd('300'),
    });
    expect(await notificationsOf(t, memberId)).toContain('Withdrawal of $100.00 cancelled');

    const again = await member(t, memberId, 'POST', `safe/withdrawal/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WITHDRAWAL_NOT_PENDING);
    expect(
      (await asOperator('finance', 'POST', `withdrawals/${id}/pay`, { txHash: TX_HASH })).status,
    ).toBe(409);
  });
});

describe('operator withdrawals', () => {
  it('lists pending withdrawals oldest first with the member, to admin and finance only', async () => {
    const older = await pendingWithdrawal('30');
    const newer = await pendingWithdrawal('40', 'compounding');
    const listed = await asOperator('finance', 'GET', 'withdrawals?status=pending&pageSize=100');
    expect(listed.status).toBe(200);
    const ids = listed.body.data.data.map((row: { id: string }) => row.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const row = listed.body.data.data.find((item: { id: string }) => item.id === newer.id);
    const [owner] = await queryRows<{ name: string; referralCode: string }>(
      db(),
      sql`select name, referral_code as "referralCode" from members where id = ${newer.memberId}`,
    );
    expect(row).toMatchObject({
      wallet: 'compounding',
      amount: 40,
      fee: 2,
      netAmount: 38,
      address: TRON_ADDRESS,
      status: 'pending',
      member: { id: newer.memberId, ...owner },
    });
    expect((await asOperator('admin', 'GET', 'withdrawals')).status).toBe(200);

    const support = await asOperator('support', 'GET', 'withdrawals');
    expect(support.status).toBe(403);
    expect(support.body.message).toBe(OPERATOR_ROLE_REFUSED);
    const withMemberToken = await call(t.app, 'GET', 'operator/withdrawals', undefined, {
      token: await tokenOf(t, older.memberId),
    });
    expect(withMemberToken.status).toBe(403);
    expect((await call(t.app, 'GET', 'operator/withdrawals')).status).toBe(401);
  });

  it('pays once: the held amount leaves the wallet, net to house:withdrawals, fee to fee revenue, audited', async () => {
    const { memberId, id } = await pendingWithdrawal('100.000019');
    const houseBefore = await getHouseBalances(db());

    const badHash = await asOperator('finance', 'POST', `withdrawals/${id}/pay`, { txHash: 'abc' });
    expect(badHash.status).toBe(422);
    expect(badHash.body.message[0].validation_results).toEqual([
      { field: 'txHash', reason: 'Enter valid Transaction hash.' },
    ]);
    const bySupport = await asOperator('support', 'POST', `withdrawals/${id}/pay`, {
      txHash: TX_HASH,
    });
    expect(bySupport.status).toBe(403);
    expect((await getMemberBalances(db(), memberId)).profit.held).toBe(usd('100.000019'));

    const paid = await asOperator('finance', 'POST', `withdrawals/${id}/pay`, {
      txHash: TX_HASH.toUpperCase().replace('0X', '0x'),
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ id, status: 'paid', txHash: TX_HASH, fee: 5 });
    expect(paid.body.data.decidedAt).toBe(t.clock.now().toISOString());
    expect((await getMemberBalances(db(), memberId)).profit).toEqual({
      balance: usd('199.999981'),
      held: 0n,
      available: usd('199.999981'),
    });
    const houseAfter = await getHouseBalances(db());
    const moved = (kind: string) => (houseAfter.get(kind) ?? 0n) - (houseBefore.get(kind) ?? 0n);
    expect(moved('house:withdrawals')).toBe(usd('95.000019'));
    expect(moved('house:fee-revenue')).toBe(usd('5'));
    expect(await notificationsOf(t, memberId)).toContain('Withdrawal of $100.0000 paid');
    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'withdrawal.pay',
      email: 'finance@ops.example.com',
      detail: { memberId, amount: '100000019', fee: '5000000', txHash: TX_HASH },
    });
    const summary = await member(t, memberId, 'GET', 'auth/wallet-summary');
    expect(summary.body.data.withdrawn).toBe(100.000019);

    for (const [action, body] of [
      ['pay', { txHash: TX_HASH }],
      ['reject', { reason: 'too late' }],
    ] as const) {
      const again = await asOperator('admin', 'POST', `withdrawals/${id}/${action}`, body);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        'This withdrawal was already paid by finance@ops.example.com',
      );
    }
    expect(await auditOf(id)).toHaveLength(1);
    const listed = await member(t, memberId, 'GET', 'safe/withdrwal-hist?status=paid');
    expect(listed.body.data.data[0]).toMatchObject({ id, txHash: TX_HASH });
  });

  it('rejects with a reason: the hold is voided and the member told why, audited', async () => {
    const { memberId, id } = await pendingWithdrawal('50');
    const noReason = await asOperator('admin', 'POST', `withdrawals/${id}/reject`, { reason: ' ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.message[0].validation_results).toEqual([
      { field: 'reason', reason: 'Reason is required' },
    ]);
    expect(
      (await asOperator('support', 'POST', `withdrawals/${id}/reject`, { reason: 'x' })).status,
    ).toBe(403);

    const rejected = await asOperator('admin', 'POST', `withdrawals/${id}/reject`, {
      reason: 'Address is on a sanctions list',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      id,
      status: 'rejected',
      reason: 'Address is on a sanctions list',
      txHash: null,
    });
    expect((await getMemberBalances(db(), memberId)).profit).toEqual({
      balance: usd('300'),
      held: 0n,
      available: usd('300'),
    });
    expect(await notificationsOf(t, memberId)).toContain(
      'Withdrawal of $50.00 rejected: Address is on a sanctions list',
    );
    expect(await auditOf(id)).toMatchObject([
      {
        action: 'withdrawal.reject',
        email: 'admin@ops.example.com',
        detail: { reason: 'Address is on a sanctions list', amount: '50000000' },
      },
    ]);
    // The wallet is free again: the member may ask anew.
    expect((await withdrawWithCode(t, memberId, 'profit', '50')).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const answer = await asOperator('finance', 'POST', `withdrawals/${id}/pay`, {
        txHash: TX_HASH,
      });
      expect(answer.status).toBe(404);
    }
  });
});

describe('GET operator/withdrawals/:id and the member filter', () => {
  it("answers the withdrawal with its member and the member's latest ledger lines", async () => {
    const { memberId, id } = await pendingWithdrawal('50');
    const [owner] = await queryRows<{ code: string; email: string }>(
      db(),
      sql`select referral_code as code, email from members where id = ${memberId}`,
    );
    if (!owner) throw new Error('no member');
    const detail = await asOperator('finance', 'GET', `withdrawals/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      withdrawal: { id, status: 'pending', amount: 50, member: { id: memberId } },
      member: { id: memberId, registeredId: owner.code, email: owner.email, status: 'active' },
      recentLedger: [{ wallet: 'profit', kind: 'adjustment', amount: 300, balanceAfter: 300 }],
    });

    const filtered = await asOperator('admin', 'GET', `withdrawals?memberCode=${owner.code}`);
    expect(filtered.body.data.data.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(filtered.body.data.total).toBe(1);

    expect((await asOperator('support', 'GET', `withdrawals/${id}`)).status).toBe(403);
    for (const unknown of ['6f1c1d52-0000-4000-8000-000000000000', 'nope']) {
      expect((await asOperator('admin', 'GET', `withdrawals/${unknown}`)).status).toBe(404);
    }
  });
});

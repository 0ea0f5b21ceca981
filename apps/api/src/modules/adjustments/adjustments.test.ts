import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPERATOR_ROLE_REFUSED, ownAdjustmentMessage, UNKNOWN_MEMBER_CODE } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { fundedMember, usd } from '../../testing/members.ts';
import { codeOf, proposal } from './test-support.ts';

// Four-eyes corrections: one operator proposes, another approves (the ledger moves once) or
// rejects with a note; the proposer can never decide their own, whatever their role.

let t: TestApp;
let admin: string;
let finance: string;
let finance2: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t, 'admin@ops.example.com', 'admin');
  finance = await signInOperator(t, 'finance@ops.example.com', 'finance');
  finance2 = await signInOperator(t, 'finance2@ops.example.com', 'finance');
  support = await signInOperator(t, 'support@ops.example.com', 'support');
});
afterAll(() => t.close());
afterEach(() => expectReconciled(t.ctx.database.db));

const db = () => t.ctx.database.db;
const as = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, `operator/${url}`, body, { token });
const propose = (token: string, body: Record<string, unknown>) =>
  as(token, 'POST', 'adjustments', body);

async function effects(memberId: string, id: string) {
  const [row] = await queryRows<{
    transfers: number;
    notes: string[];
    audits: string[];
    status: string;
  }>(
    db(),
    sql`
    select (select count(*)::int from transfers where reference = ${`adjustment:${id}`}) as transfers,
      coalesce((select array_agg(message order by id) from notifications
        where member_id = ${memberId}::uuid), '{}') as notes,
      coalesce((select array_agg(action order by id) from audit_log
        where target_type = 'adjustment' and target_id = ${id}), '{}') as audits,
      (select status from money_adjustments where id = ${id}::uuid) as status`,
  );
  return row;
}

describe('POST operator/adjustments', () => {
  it('records a pending proposal, audited, without moving money', async () => {
    const memberId = await fundedMember(t, usd('50'));
    const code = await codeOf(t, memberId);
    const answer = await propose(finance, proposal(code.toLowerCase()));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      member: { id: memberId, registeredId: code },
      wallet: 'fund',
      direction: 'credit',
      amount: 25.5,
      status: 'pending',
      proposedBy: { email: 'finance@ops.example.com' },
      decidedBy: null,
    });
    const id = answer.body.data.id as string;
    expect(await effects(memberId, id)).toEqual({
      transfers: 0,
      notes: [],
      audits: ['adjustment.propose'],
      status: 'pending',
    });
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(usd('50'));
  });

  it('refuses an unknown member on memberCode and bad fields by name, creating nothing', async () => {
    const before = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from money_adjustments`,
    );
    const unknown = await propose(finance, proposal('ZZZZ9999'));
    expect(unknown.status).toBe(422);
    expect(unknown.body.message[0].validation_results).toEqual([
      { field: 'memberCode', reason: UNKNOWN_MEMBER_CODE },
    ]);
    const memberId = await fundedMember(t, 0n);
    const code = await codeOf(t, memberId);
    for (const [field, value] of [
      ['amount', '0'],
      ['amount', '-5'],
      ['amount', '1.0000001'],
      ['amount', '1000000001'],
      ['reason', 'oops'],
      ['reason', 'x'.repeat(501)],
      ['reference', ''],
      ['reference', 'r'.repeat(121)],
      ['wallet', 'compounding'],
      ['direction', 'sideways'],
    ] as const) {
      const refused = await propose(finance, { ...proposal(code), [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(422);
      expect(refused.body.message[0].validation_results[0].field).toBe(field);
    }
    const after = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from money_adjustments`,
    );
    expect(after).toEqual(before);
  });

  it('is for admin and finance only', async () => {
    const memberId = await fundedMember(t, 0n);
    const refused = await propose(support, proposal(await codeOf(t, memberId)));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(OPERATOR_ROLE_REFUSED);
    expect((await as(support, 'GET', 'adjustments')).status).toBe(403);
  });
});

describe('approving and rejecting', () => {
  async function pending(token = finance, overrides: Record<string, unknown> = {}) {
    const memberId = await fundedMember(t, usd('40'));
    const answer = await propose(token, { ...proposal(await codeOf(t, memberId)), ...overrides });
    expect(answer.status).toBe(200);
    return { memberId, id: answer.body.data.id as string };
  }

  it('posts a credit once when a second operator approves, and tells the member', async () => {
    const { memberId, id } = await pending();
    const approved = await as(finance2, 'POST', `adjustments/${id}/approve`, { note: 'checked' });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      decidedBy: { email: 'finance2@ops.example.com' },
      decisionNote: 'checked',
    });
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(usd('65.5'));
    expect(await effects(memberId, id)).toEqual({
      transfers: 1,
      notes: ['Your fund wallet was credited $25.50: Gateway paid twice for one deposit'],
      audits: ['adjustment.propose', 'adjustment.approve'],
      status: 'approved',
    });

    for (const [token, action, body] of [
      [admin, 'approve', {}],
      [admin, 'reject', { note: 'late' }],
    ] as const) {
      const again = await as(token, 'POST', `adjustments/${id}/${action}`, body);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        'This adjustment was already approved by finance2@ops.example.com',
      );
    }
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(usd('65.5'));
    expect((await effects(memberId, id))?.transfers).toBe(1);
  });

  it("refuses the proposer's own decision with 403, admins included", async () => {
    for (const token of [finance, admin]) {
      const { memberId, id } = await pending(token);
      const approve = await as(token, 'POST', `adjustments/${id}/approve`, {});
      expect(approve.status).toBe(403);
      expect(approve.body.message).toBe(ownAdjustmentMessage('approve'));
      const reject = await as(token, 'POST', `adjustments/${id}/reject`, { note: 'mine' });
      expect(reject.status).toBe(403);
      expect(reject.body.message).toBe(ownAdjustmentMessage('reject'));
      expect(await effects(memberId, id)).toMatchObject({ transfers: 0, status: 'pending' });
    }
  });

  it('keeps support out of every decision', async () => {
    const { memberId, id } = await pending();
    for (const [action, body] of [
      ['approve', {}],
      ['reject', { note: 'no' }],
    ] as const) {
      expect((await as(support, 'POST', `adjustments/${id}/${action}`, body)).status).toBe(403);
    }
    expect(await effects(memberId, id)).toMatchObject({ transfers: 0, status: 'pending' });
  });

  it('refuses a debit beyond what is available with 409 and leaves it pending', async () => {
    const { memberId, id } = await pending(finance, { direction: 'debit', amount: '40.000001' });
    const refused = await as(admin, 'POST', `adjustments/${id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("The member's fund wallet has only $40.00 available");
    expect(await effects(memberId, id)).toEqual({
      transfers: 0,
      notes: [],
      audits: ['adjustment.propose'],
      status: 'pending',
    });
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(usd('40'));
  });

  it('debits within the available balance and says so to the member', async () => {
    const { memberId, id } = await pending(finance, { direction: 'debit', amount: '15' });
    expect((await as(admin, 'POST', `adjustments/${id}/approve`)).status).toBe(200);
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(usd('25'));
    expect((await effects(memberId, id))?.notes).toEqual([
      'Your fund wallet was debited $15.00: Gateway paid twice for one deposit',
    ]);
  });

  it('rejects only with a note, moving nothing', async () => {
    const { memberId, id } = await pending();
    for (const body of [{}, { note: '   ' }]) {
      const refused = await as(finance2, 'POST', `adjustments/${id}/reject`, body);
      expect(refused.status).toBe(422);
      expect(refused.body.message[0].validation_results[0].field).toBe('note');
    }
    const rejected = await as(finance2, 'POST', `adjustments/${id}/reject`, {
      note: 'Not a duplicate',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      decisionNote: 'Not a duplicate',
    });
    expect(await effects(memberId, id)).toEqual({
      transfers: 0,
      notes: [],
      audits: ['adjustment.propose', 'adjustment.reject'],
      status: 'rejected',
    });
    const late = await as(admin, 'POST', `adjustments/${id}/approve`, {});
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'This adjustment was already rejected by finance2@ops.example.com',
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['6f1c1d52-0000-4000-8000-000000000000', 'nope']) {
      expect((await as(admin, 'POST', `adjustments/${id}/approve`, {})).status).toBe(404);
    }
  });
});

describe('GET operator/adjustments', () => {
  it('lists newest first with both operators, filtered by status', async () => {
    const memberId = await fundedMember(t, 0n);
    const code = await codeOf(t, memberId);
    const first = await propose(finance, proposal(code));
    t.clock.advance(1000);
    const second = await propose(finance, { ...proposal(code), reference: 'second' });
    await as(admin, 'POST', `adjustments/${first.body.data.id as string}/reject`, { note: 'no' });

    const listed = await as(finance2, 'GET', 'adjustments?pageSize=100');
    expect(listed.status).toBe(200);
    const ids = (listed.body.data.data as { id: string }[]).map((row) => row.id);
    expect(ids.indexOf(second.body.data.id as string)).toBeLessThan(
      ids.indexOf(first.body.data.id as string),
    );
    const rejected = await as(finance2, 'GET', 'adjustments?status=rejected&pageSize=100');
    expect(rejected.body.data.data).toContainEqual(
      expect.objectContaining({
        id: first.body.data.id,
        member: { id: memberId, registeredId: code, name: expect.any(String) },
        proposedBy: expect.objectContaining({ email: 'finance@ops.example.com' }),
        decidedBy: expect.objectContaining({ email: 'admin@ops.example.com' }),
      }),
    );
    expect(
      (rejected.body.data.data as { status: string }[]).every((row) => row.status === 'rejected'),
    ).toBe(true);
    expect((await as(finance, 'GET', 'adjustments?status=done')).status).toBe(422);
  });
});

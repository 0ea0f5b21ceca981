import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { recordAudit } from '../../core/audit.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { fundedMember } from '../../testing/members.ts';
import { pendingWithdrawalRow } from './test-support.ts';

// The audit log names who acted and what it was about: the operator's email, the member (the
// target or the member of the target withdrawal) with their Registered ID, a target operator's
// email; ids stay beside them, and the CSV keeps its raw columns.

let t: TestApp;
let admin: string;
let memberId: string;
let registeredId: string;
let memberName: string;
let withdrawalId: string;

type Entry = Record<string, any>;
const entries = async (query = ''): Promise<Entry[]> => {
  const answer = await call(t.app, 'GET', `operator/audit-log?pageSize=100${query}`, undefined, {
    token: admin,
  });
  expect(answer.status).toBe(200);
  return answer.body.data.data as Entry[];
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t, 'names-admin@ops.example.com', 'admin');
  memberId = await fundedMember(t, 0n);
  const [row] = await queryRows<{ referral_code: string; name: string }>(
    t.ctx.database.db,
    sql`select referral_code, name from members where id = ${memberId}`,
  );
  registeredId = row!.referral_code;
  memberName = row!.name;
  withdrawalId = await pendingWithdrawalRow(t, memberId);
  const db = t.ctx.database.db;
  const now = t.clock.now();
  await recordAudit(db, {
    operatorId: null,
    action: 'member.block',
    targetType: 'member',
    targetId: memberId,
    detail: { reason: 'test' },
    now,
  });
  await recordAudit(db, {
    operatorId: null,
    action: 'withdrawal.reject',
    targetType: 'withdrawal',
    targetId: withdrawalId,
    detail: { reason: 'wrong network' },
    now,
  });
  // Ids that are not uuids, or name nothing, are shown as they are.
  await recordAudit(db, {
    operatorId: null,
    action: 'plan.publish',
    targetType: 'plan',
    targetId: '3',
    now,
  });
  await recordAudit(db, {
    operatorId: null,
    action: 'deposit.confirm',
    targetType: 'deposit',
    targetId: 'd-1',
    now,
  });
});
afterAll(() => t.close());

describe('audit log names', () => {
  it("names a member target and a withdrawal's member, with their ids", async () => {
    const member = { id: memberId, name: memberName, registeredId };
    const [block] = await entries('&action=member.block');
    expect(block).toMatchObject({ targetId: memberId, targetMember: member });
    const [reject] = await entries('&action=withdrawal.reject');
    expect(reject).toMatchObject({
      targetType: 'withdrawal',
      targetId: withdrawalId,
      targetMember: member,
      targetOperatorEmail: null,
      detail: { reason: 'wrong network' },
    });
  });

  it('names the acting operator and an operator target', async () => {
    const [login] = await entries('&action=auth.login');
    expect(login).toMatchObject({
      operatorEmail: 'names-admin@ops.example.com',
      targetType: 'operator',
      targetOperatorEmail: 'names-admin@ops.example.com',
      targetMember: null,
    });
  });

  it('leaves other targets, and ids that name nothing, unnamed', async () => {
    const all = await entries();
    for (const action of ['plan.publish', 'deposit.confirm']) {
      const entry = all.find((candidate) => candidate.action === action);
      expect(entry, action).toMatchObject({ targetMember: null, targetOperatorEmail: null });
    }
    // One row per entry: the joins never multiply them.
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    const [rows] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from audit_log`,
    );
    expect(all).toHaveLength(rows!.n);
  });

  it('keeps the raw columns in the CSV', async () => {
    const answer = await call(
      t.app,
      'GET',
      'operator/audit-log.csv?action=withdrawal.reject',
      undefined,
      { token: admin },
    );
    const lines = (answer.body.raw as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,operatorEmail,action,targetType,targetId,ip,detail');
    expect(lines[1]).toContain(`,withdrawal.reject,withdrawal,${withdrawalId},`);
    expect(lines[1]).not.toContain(memberName);
  });
});

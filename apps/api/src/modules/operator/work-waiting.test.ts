import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { fundedMember } from '../../testing/members.ts';
import { pendingWithdrawalRow } from './test-support.ts';

// The console menu's counts: pending deposits and withdrawals for the money roles, open tickets
// for every role that reads the inbox, submitted verifications for the roles that decide them; a
// queue the role may not work is null.

let t: TestApp;
const tokens: Record<'admin' | 'finance' | 'support', string> = {
  admin: '',
  finance: '',
  support: '',
};

const waiting = async (token: string) => {
  const answer = await call(t.app, 'GET', 'operator/work-waiting', undefined, { token });
  expect(answer.status).toBe(200);
  return answer.body.data as Record<string, number | null>;
};

async function seed(memberId: string) {
  const db = t.ctx.database.db;
  const now = t.clock.now().toISOString();
  for (const status of ['pending', 'pending', 'rejected'])
    await db.execute(sql`
      insert into deposits (id, member_id, provider, amount, status, created_at, updated_at)
      values (${randomUUID()}, ${memberId}, 'manual', 10000000, ${status}, ${now}, ${now})`);
  for (const status of ['open', 'answered', 'open', 'open'])
    await db.execute(sql`
      insert into tickets (member_id, subject, category, status, created_at, updated_at)
      values (${memberId}, 'Where is my deposit?', 'deposit', ${status}, ${now}, ${now})`);
  // One submission in review per member at a time: each of these is another member's.
  for (const status of ['submitted', 'approved', 'submitted', 'rejected'])
    await db.execute(sql`
      insert into verification_submissions
        (member_id, requirements_version, country, fields_sealed, status, submitted_at)
      values (${await fundedMember(t, 0n)}, 1, 'IN', 'not-read-here', ${status}, ${now})`);
}

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await signInOperator(t, 'wait-admin@ops.example.com', 'admin');
  tokens.finance = await signInOperator(t, 'wait-finance@ops.example.com', 'finance');
  tokens.support = await signInOperator(t, 'wait-support@ops.example.com', 'support');
});
afterAll(() => t.close());

describe('work waiting', () => {
  it('counts nothing on an empty platform', async () => {
    // A platform of its own: the file's tests run in a shuffled order, and the next one fills t's.
    const empty = await createTestApp();
    try {
      const token = await signInOperator(empty, 'empty-admin@ops.example.com', 'admin');
      const answer = await call(empty.app, 'GET', 'operator/work-waiting', undefined, { token });
      expect(answer.body.data).toEqual({
        deposits: 0,
        withdrawals: 0,
        tickets: 0,
        verifications: 0,
      });
    } finally {
      await empty.close();
    }
  });

  it('counts pending deposits and withdrawals, open tickets and submitted verifications, each role only what it may work', async () => {
    const memberId = await fundedMember(t, 0n);
    await seed(memberId);
    await pendingWithdrawalRow(t, memberId);
    expect(await waiting(tokens.admin)).toEqual({
      deposits: 2,
      withdrawals: 1,
      tickets: 3,
      verifications: 2,
    });
    // Finance reads the verification queue but decides nothing in it (verification.review).
    expect(await waiting(tokens.finance)).toEqual({
      deposits: 2,
      withdrawals: 1,
      tickets: 3,
      verifications: null,
    });
    expect(await waiting(tokens.support)).toEqual({
      deposits: null,
      withdrawals: null,
      tickets: 3,
      verifications: 2,
    });
  });

  it('refuses a caller without an operator session', async () => {
    const answer = await call(t.app, 'GET', 'operator/work-waiting');
    expect(answer.status).toBe(401);
  });
});

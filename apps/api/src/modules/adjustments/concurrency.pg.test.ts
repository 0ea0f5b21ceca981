import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import { testDatabaseUrl } from '../../testing/database.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { fundedMember, usd } from '../../testing/members.ts';
import { codeOf, proposal } from './test-support.ts';

// Two operators approving the same proposal at the same moment, on a real PostgreSQL server
// where the two requests run on separate connections (PGlite would serialise them).

let t: TestApp;

describe.skipIf(!testDatabaseUrl)('adjustments under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
  });
  afterAll(async () => {
    if (t) await t.close();
  });

  it('posts once when two operators approve the same adjustment at once', async () => {
    const proposer = await signInOperator(t, 'proposer@pg.example.com', 'finance');
    const approvers = [
      await signInOperator(t, 'approver-a@pg.example.com', 'finance'),
      await signInOperator(t, 'approver-b@pg.example.com', 'admin'),
    ];
    for (let round = 0; round < 5; round += 1) {
      const memberId = await fundedMember(t, usd('10'));
      const proposed = await call(
        t.app,
        'POST',
        'operator/adjustments',
        proposal(await codeOf(t, memberId)),
        { token: proposer },
      );
      expect(proposed.status).toBe(200);
      const id = proposed.body.data.id as string;
      const answers = await Promise.all(
        approvers.map((token) =>
          call(t.app, 'POST', `operator/adjustments/${id}/approve`, {}, { token }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toMatch(
        /^This adjustment was already approved by approver-[ab]@pg\.example\.com$/,
      );
      expect((await getMemberBalances(t.ctx.database.db, memberId)).fund.balance).toBe(usd('35.5'));
      const [books] = await queryRows<{ transfers: number; approvals: number; notes: number }>(
        t.ctx.database.db,
        sql`
        select (select count(*)::int from transfers where reference = ${`adjustment:${id}`}) as transfers,
          (select count(*)::int from audit_log
            where target_id = ${id} and action = 'adjustment.approve') as approvals,
          (select count(*)::int from notifications where member_id = ${memberId}::uuid) as notes`,
      );
      expect(books).toEqual({ transfers: 1, approvals: 1, notes: 1 });
    }
    await expectReconciled(t.ctx.database.db);
  });
});

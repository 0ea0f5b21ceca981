import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { fundedMember, usd } from '../../testing/members.ts';
import * as factor from '../../testing/operator-second-factor.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { codeOf, proposal } from './test-support.ts';

// Approving a four-eyes adjustment needs the approver's second factor proved by this session
// within the last 5 minutes (decision 0049); a refusal moves no money.

let t: TestApp;
beforeAll(async () => {
  t = await factor.appForCodes();
});
afterAll(() => t.close());
afterEach(() => expectReconciled(t.ctx.database.db));

const approve = (token: string, id: string) =>
  call(t.app, 'POST', `operator/adjustments/${id}/approve`, { note: 'checked' }, { token });

async function pendingAdjustment(): Promise<string> {
  const proposer = await signInOperator(t, 'proposer@ops.example.com', 'finance');
  const memberId = await fundedMember(t, usd('40'));
  const answer = await call(
    t.app,
    'POST',
    'operator/adjustments',
    proposal(await codeOf(t, memberId)),
    { token: proposer },
  );
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

const effectsOf = async (id: string) =>
  (
    await queryRows<{ status: string; transfers: number }>(
      t.ctx.database.db,
      sql`select status, (select count(*)::int from transfers
            where reference = ${`adjustment:${id}`}) as transfers
          from money_adjustments where id = ${id}::uuid`,
    )
  )[0];

describe('POST operator/adjustments/:id/approve with the approver factor on', () => {
  it('goes through on a fresh session, and after 5 minutes only after a step-up', async () => {
    const { token, secret } = await factor.operatorWithFactor(
      t,
      'approver@ops.example.com',
      'finance',
    );
    const first = await pendingAdjustment();
    expect((await approve(token, first)).status).toBe(200);
    expect(await effectsOf(first)).toEqual({ status: 'approved', transfers: 1 });

    const second = await pendingAdjustment();
    factor.staleFactor(t);
    factor.expectStepUp(await approve(token, second));
    expect(await effectsOf(second)).toEqual({ status: 'pending', transfers: 0 });
    expect((await factor.proveFactor(t, token, secret)).status).toBe(200);
    expect((await approve(token, second)).status).toBe(200);
    expect(await effectsOf(second)).toEqual({ status: 'approved', transfers: 1 });
  });
});

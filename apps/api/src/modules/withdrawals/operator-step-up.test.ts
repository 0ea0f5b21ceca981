import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SECOND_FACTOR_CODE_WRONG, STEP_UP_WINDOW_MINUTES } from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { usd } from '../../testing/members.ts';
import * as factor from '../../testing/operator-second-factor.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { withdrawer, withdrawWithCode, WITHDRAWAL_TEST_ENV } from './test-support.ts';

// Paying a withdrawal needs the operator's second factor proved by this session within the last
// 5 minutes (decision 0049); a refusal changes nothing and the same request then goes through.

let t: TestApp;
beforeAll(async () => {
  t = await factor.appForCodes(WITHDRAWAL_TEST_ENV);
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const pay = (token: string, id: string, txHash: string) =>
  call(t.app, 'POST', `operator/withdrawals/${id}/pay`, { txHash }, { token });

async function pendingWithdrawal(): Promise<string> {
  const memberId = await withdrawer(t, { profit: usd('300') });
  const answer = await withdrawWithCode(t, memberId, 'profit', '100');
  expect(answer.status).toBe(200);
  return answer.body.data.id as string;
}

const statusOf = async (id: string) =>
  (
    await queryRows<{ status: string }>(
      db(),
      sql`select status from withdrawals where id = ${id}::uuid`,
    )
  )[0]?.status;

describe('POST operator/withdrawals/:id/pay with the operator factor on', () => {
  it('goes through on a session fresh from its second step', async () => {
    const { token } = await factor.operatorWithFactor(t, 'pay-fresh@ops.example.com', 'finance');
    const id = await pendingWithdrawal();
    expect((await pay(token, id, `0x${'ab'.repeat(32)}`)).status).toBe(200);
    expect(await statusOf(id)).toBe('paid');
    await expectReconciled(db());
  });

  it('is refused after 5 minutes, changing nothing, and goes through after a step-up', async () => {
    const { token, secret } = await factor.operatorWithFactor(
      t,
      'pay-stale@ops.example.com',
      'finance',
    );
    const id = await pendingWithdrawal();
    factor.staleFactor(t);
    const txHash = `0x${'cd'.repeat(32)}`;
    factor.expectStepUp(await pay(token, id, txHash));
    expect(await statusOf(id)).toBe('pending');

    const wrong = await call(
      t.app,
      'POST',
      'operator/auth/second-factor/verify',
      { code: '000000' },
      { token },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.message[0].validation_results).toEqual([
      { field: 'code', reason: SECOND_FACTOR_CODE_WRONG },
    ]);
    factor.expectStepUp(await pay(token, id, txHash));

    const proved = await factor.proveFactor(t, token, secret);
    expect(proved.status).toBe(200);
    expect(proved.body.data).toEqual({
      freshUntil: new Date(
        t.clock.now().getTime() + STEP_UP_WINDOW_MINUTES * MINUTE_MS,
      ).toISOString(),
    });
    expect((await pay(token, id, txHash)).status).toBe(200);
    expect(await statusOf(id)).toBe('paid');
    await expectReconciled(db());
  });
});

describe('POST operator/withdrawals/:id/pay without an operator factor', () => {
  it('asks nothing more than before (possible outside production only)', async () => {
    const token = await signInOperator(t, 'pay-password@ops.example.com', 'finance');
    const id = await pendingWithdrawal();
    factor.staleFactor(t);
    expect((await pay(token, id, `0x${'12'.repeat(32)}`)).status).toBe(200);
    expect(await statusOf(id)).toBe('paid');
  });
});

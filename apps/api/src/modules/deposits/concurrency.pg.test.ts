import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../testing/fake-gateway.ts';
import { testDatabaseUrl } from '../../testing/database.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { fundedMember, usd } from '../../testing/members.ts';
import { createDeposit, depositEffects, fundOf } from './test-support.ts';

// Crediting on a real PostgreSQL server, where the callbacks and confirms really run at the same
// time on separate connections (PGlite has one connection and serialises everything).

let t: TestApp;
let fake: FakeGateway;

describe.skipIf(!testDatabaseUrl)('deposits under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    fake = await startFakeGateway();
    t = await createTestApp({ engine: 'postgres', env: fake.env });
    fake.useApp(t.app);
  });
  afterAll(async () => {
    if (t) await t.close();
    if (fake) await fake.close();
  });

  it('credits once when the same finished IPN arrives 10 times at once', async () => {
    const memberId = await fundedMember(t, 0n);
    const created = await createDeposit(t, memberId, { amount: 250, provider: 'gateway' });
    expect(created.status).toBe(200);
    const { body, signature } = fake.callback('finished');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'POST', 'payments/nowpayments/ipn', body, {
          headers: { 'x-nowpayments-sig': signature },
        }),
      ),
    );
    const outcomes = answers.map((answer) => `${answer.status} ${answer.body.data?.outcome}`);
    expect(outcomes.filter((outcome) => outcome === '200 credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === '200 ignored')).toHaveLength(9);
    expect(await fundOf(t, memberId)).toBe(usd('250'));
    expect(await depositEffects(t, memberId)).toEqual({
      credits: 1,
      notes: ['Deposit of $250.00 credited'],
      audits: [],
    });
    await expectReconciled(t.ctx.database.db);
  });

  it('credits once when two operators confirm the same deposit at once', async () => {
    const emails = ['finance@pg.example.com', 'finance2@pg.example.com'];
    const tokens = [
      await signInOperator(t, emails[0] ?? '', 'finance'),
      await signInOperator(t, emails[1] ?? '', 'finance'),
    ];
    for (let round = 0; round < 5; round += 1) {
      const memberId = await fundedMember(t, 0n);
      const created = await createDeposit(t, memberId, { amount: 40, provider: 'manual' });
      const id = created.body.data.id as string;
      const answers = await Promise.all(
        tokens.map((token) =>
          call(t.app, 'POST', `operator/deposits/${id}/confirm`, undefined, { token }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      // The loser is told who won, so they move on instead of retrying.
      const winner = emails[answers.findIndex((answer) => answer.status === 200)];
      const loser = answers.find((answer) => answer.status === 409);
      expect(loser?.body.message).toBe(`This deposit was already confirmed by ${winner}`);
      expect(await fundOf(t, memberId)).toBe(usd('40'));
      expect(await depositEffects(t, memberId)).toEqual({
        credits: 1,
        notes: ['Deposit of $40.00 credited'],
        audits: ['deposit.confirm'],
      });
    }
    await expectReconciled(t.ctx.database.db);
  });
});

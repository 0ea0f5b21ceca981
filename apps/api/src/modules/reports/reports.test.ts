import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/requests.ts';
import { at, claim } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { buyAmount, teamMember } from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Two members funded by adjustments ($100,000 each, not deposits): the sponsor buys $100 of
// Starter (0.30 % a day), the referral $500 of Growth (0.40 %) and claims 3 days; the sponsor's
// $25 referral bonus and $0.60 team profit (10 % of the claim) are not credited yet. Every figure
// below follows to the micro-dollar.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at(0, 10));
  const sponsor = await teamMember(t, null);
  const member = await teamMember(t, sponsor);
  await buyAmount(t, sponsor, '100');
  await buyAmount(t, member, '500');
  t.clock.set(at(3, 10));
  await claim(t, member);
});
afterAll(() => t.close());

const report = async (path: string, role: 'admin' | 'finance' | 'support') =>
  call(t.app, 'GET', `operator/${path}`, undefined, {
    token: await signInOperator(t, `${role}-reports@example.com`, role),
  });

describe('operator reports', () => {
  it('reconciles the ledger and shows wallets and house accounts', async () => {
    const answer = await report('reconciliation', 'finance');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      ok: true,
      totalPostings: 0,
      transfers: 5,
      memberAccounts: 6,
      unbalancedTransfers: [],
      mismatchedAccounts: [],
      heldMismatches: [],
    });
    expect(answer.body.data.memberWallets).toEqual(
      expect.arrayContaining([
        { wallet: 'fund', balance: 199_400, held: 0 },
        { wallet: 'profit', balance: 6, held: 0 },
        { wallet: 'compounding', balance: 0, held: 0 },
      ]),
    );
    expect(answer.body.data.houseAccounts).toEqual(
      expect.arrayContaining([
        { code: 'house:adjustments', balance: -200_000 },
        { code: 'house:package-principal', balance: 600 },
        { code: 'house:profit-expense', balance: -6 },
        { code: 'house:commission-expense', balance: 0 },
      ]),
    );
  });

  it('sets what members are owed against what was received', async () => {
    const answer = await report('liabilities', 'admin');
    expect(answer.body.data).toEqual({
      asOf: at(3, 10).toISOString(),
      withdrawableNow: 6,
      pendingWithdrawals: 0,
      fundWallets: 199_400,
      accruedUnclaimedProfit: 0.9,
      futureProfit: 832.6,
      commissionsAccrued: 25.6,
      totalOwed: 200_265.1,
      depositsReceived: 0,
      withdrawalsPaid: 0,
      netReceived: 0,
      coverage: -200_265.1,
    });
  });

  it('is for the money roles only', async () => {
    expect((await report('liabilities', 'support')).status).toBe(403);
    expect((await report('reconciliation', 'support')).status).toBe(403);
  });
});

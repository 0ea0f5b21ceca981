import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import {
  BSC_ADDRESS,
  TRON_ADDRESS,
  WITHDRAWAL_TEST_ENV,
  member,
  requestCode,
  withdrawer,
  withdrawWithCode,
} from './test-support.ts';

// Before paying: the address's network and explorer links (from configuration), and a payout
// address changed in the last days, read from the security notice the change wrote.

let t: TestApp;

/** The checks as an operator of `role`, signed in at the clock's now (days pass in these tests). */
const checks = async (id: string, role: 'finance' | 'support' = 'finance') =>
  call(t.app, 'GET', `operator/withdrawals/${id}/payout-checks`, undefined, {
    token: await signInOperator(t, `checks-${role}@ops.example.com`, role),
  });

async function changeAddress(memberId: string, address: string) {
  const otp = await requestCode(t, memberId, { purpose: 'payout-address', address });
  const answer = await member(t, memberId, 'PUT', 'auth/update-address', { address, otp });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ...WITHDRAWAL_TEST_ENV,
      EXPLORER_BEP20_ADDRESS_URL: 'https://testnet.bscscan.example/address/{address}',
    },
  });
});
afterAll(() => t.close());

describe('payout checks', () => {
  it('tells the network and links the address on its explorer; no change, no warning', async () => {
    const memberId = await withdrawer(t, { profit: 300_000_000n, address: TRON_ADDRESS });
    const withdrawal = await withdrawWithCode(t, memberId, 'profit', '50');
    const answer = await checks(withdrawal.body.data.id as string);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      network: 'TRC-20',
      addressUrl: `https://tronscan.org/#/address/${TRON_ADDRESS}`,
      transactionUrlTemplate: 'https://tronscan.org/#/transaction/{hash}',
      transactionUrl: null,
      addressChangedAt: null,
      isCurrentAddress: true,
    });
  });

  it('warns for a week after the payout address changed, from any address to this one', async () => {
    const memberId = await withdrawer(t, { profit: 300_000_000n, address: TRON_ADDRESS });
    await changeAddress(memberId, BSC_ADDRESS);
    const changedAt = t.clock.now().toISOString();
    // Past the hold the change started, the member withdraws to the new address.
    t.clock.advance(3 * DAY_MS);
    const withdrawal = await withdrawWithCode(t, memberId, 'profit', '50');
    expect(withdrawal.status).toBe(200);
    const id = withdrawal.body.data.id as string;
    const answer = await checks(id);
    expect(answer.body.data).toMatchObject({
      network: 'BEP-20',
      addressUrl: `https://testnet.bscscan.example/address/${BSC_ADDRESS}`,
      transactionUrlTemplate: 'https://bscscan.com/tx/{hash}',
      addressChangedAt: changedAt,
      isCurrentAddress: true,
    });
    // A later change leaves this withdrawal's address behind.
    await changeAddress(memberId, TRON_ADDRESS);
    expect((await checks(id)).body.data.isCurrentAddress).toBe(false);
    t.clock.advance(8 * DAY_MS);
    expect((await checks(id)).body.data.addressChangedAt).toBeNull();
  });

  it('does not count a first address as a change', async () => {
    const memberId = await withdrawer(t, { profit: 300_000_000n, address: null });
    await changeAddress(memberId, TRON_ADDRESS);
    const withdrawal = await withdrawWithCode(t, memberId, 'profit', '50');
    expect(withdrawal.status).toBe(200);
    expect((await checks(withdrawal.body.data.id as string)).body.data).toMatchObject({
      network: 'TRC-20',
      addressChangedAt: null,
    });
  });

  it('is for the money roles, and answers 404 for no such withdrawal', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await checks(missing, 'support')).status).toBe(403);
    expect((await checks(missing)).status).toBe(404);
  });
});

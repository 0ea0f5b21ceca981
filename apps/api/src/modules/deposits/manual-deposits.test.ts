import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import {
  DEPOSIT_HASH_IN_USE,
  GATEWAY_NOT_CONFIGURED,
  OPERATOR_ROLE_REFUSED,
  minimumDepositMessage,
} from '@app/contracts';
import { DEMO_DEPOSIT_ADDRESS } from '../../config/env.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { api, fundedMember, usd } from '../../testing/members.ts';
import {
  BEP20_HASH,
  TRC20_HASH,
  createDeposit,
  depositEffects,
  depositRow,
  freshHash,
  fundOf,
  history,
} from './test-support.ts';

// Manual deposits without a gateway configured: the member sends USDT to the house address,
// gives the hash, and an operator confirms or rejects.

let t: TestApp;
let admin: string;
let finance: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t, 'admin@ops.example.com', 'admin');
  finance = await signInOperator(t, 'finance@ops.example.com', 'finance');
  support = await signInOperator(t, 'support@ops.example.com', 'support');
});
afterAll(() => t.close());

const refusal = (field: string, reason: string) => ({
  status: 'error',
  message: [{ validation_results: [{ field, reason }] }],
});
const operator = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, method, `operator/${url}`, body, { token });

describe('GET secure/providers', () => {
  it('offers only manual, with the demo address, when no gateway is configured', async () => {
    const memberId = await fundedMember(t, 0n);
    const answer = await api(t, memberId, 'GET', 'secure/providers');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      providers: ['manual'],
      minimumAmount: 10,
      manual: { asset: 'USDT', network: 'TRC-20', address: DEMO_DEPOSIT_ADDRESS },
    });
  });
});

describe('POST secure/create (manual)', () => {
  it('creates a pending deposit and answers the instructions; no money moves yet', async () => {
    const memberId = await fundedMember(t, 0n);
    const answer = await createDeposit(t, memberId, {
      amount: '25.5',
      provider: 'manual',
      txHash: TRC20_HASH.toUpperCase(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Deposit of $25.50 created');
    const { payment_url, instructions, ...deposit } = answer.body.data;
    expect(payment_url).toBeNull();
    expect(instructions).toEqual({
      asset: 'USDT',
      network: 'TRC-20',
      address: DEMO_DEPOSIT_ADDRESS,
    });
    expect(deposit).toMatchObject({
      provider: 'manual',
      amount: 25.5,
      status: 'pending',
      txHash: TRC20_HASH, // kept in lower case
      paymentUrl: null,
      reason: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(await fundOf(t, memberId)).toBe(0n);
    expect((await depositEffects(t, memberId)).credits).toBe(0);
    await expectReconciled(t.ctx.database.db);
  });

  it.each([
    [{ amount: 9.999999, provider: 'manual' }, 'amount', minimumDepositMessage],
    [{ amount: 0, provider: 'manual' }, 'amount', 'Amount must be greater than 0'],
    [
      { amount: '10.0000001', provider: 'manual' },
      'amount',
      'Amount can have at most 6 decimal places',
    ],
    [{ provider: 'manual' }, 'amount', 'Amount is required'],
    [{ amount: 50, provider: 'paypal' }, 'provider', 'Enter valid Provider.'],
    [{ amount: 50 }, 'provider', 'Provider is required'],
    [{ amount: 50, provider: 'manual', txHash: 'abc' }, 'txHash', 'Enter valid Transaction hash.'],
    [
      { amount: 50, provider: 'manual', txHash: `0x${'g'.repeat(64)}` },
      'txHash',
      'Enter valid Transaction hash.',
    ],
    [
      { amount: 50, provider: 'manual', txHash: `1x${'a'.repeat(64)}` },
      'txHash',
      'Enter valid Transaction hash.',
    ],
  ])('refuses %j naming %s, creating nothing', async (body, field, reason) => {
    const memberId = await fundedMember(t, 0n);
    const answer = await createDeposit(t, memberId, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(refusal(field, reason));
    expect((await history(t, memberId)).total).toBe(0);
  });

  it('accepts exactly the $10 minimum and a BEP-20 hash', async () => {
    const memberId = await fundedMember(t, 0n);
    const answer = await createDeposit(t, memberId, {
      amount: 10,
      provider: 'manual',
      txHash: BEP20_HASH,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.txHash).toBe(BEP20_HASH);
  });

  it('refuses the gateway when none is configured, naming provider', async () => {
    const memberId = await fundedMember(t, 0n);
    const answer = await createDeposit(t, memberId, { amount: 50, provider: 'gateway' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(refusal('provider', GATEWAY_NOT_CONFIGURED));
    expect((await history(t, memberId)).total).toBe(0);
  });

  it('refuses a hash another live deposit uses (any case) with 409; a rejected one frees it', async () => {
    const [first, second] = [await fundedMember(t, 0n), await fundedMember(t, 0n)];
    const hash = freshHash();
    const created = await createDeposit(t, first, { amount: 50, provider: 'manual', txHash: hash });
    expect(created.status).toBe(200);
    const reused = await createDeposit(t, second, {
      amount: 50,
      provider: 'manual',
      txHash: hash.toUpperCase(),
    });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: 'CONFLICT', message: DEPOSIT_HASH_IN_USE });
    expect((await history(t, second)).total).toBe(0);

    const id = created.body.data.id as string;
    expect(
      (await operator(admin, 'POST', `deposits/${id}/reject`, { reason: 'Not found on chain' }))
        .status,
    ).toBe(200);
    const again = await createDeposit(t, second, { amount: 50, provider: 'manual', txHash: hash });
    expect(again.status).toBe(200);
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const memberId = await fundedMember(t, 0n);
    const body = { amount: 40, provider: 'manual' };
    const first = await createDeposit(t, memberId, body, 'deposit-key-1');
    const second = await createDeposit(t, memberId, body, 'deposit-key-1');
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await history(t, memberId)).total).toBe(1);
  });
});

describe('POST secure/{id}/tx-hash', () => {
  it('adds or corrects the hash of a pending manual deposit', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = (await createDeposit(t, memberId, { amount: 30, provider: 'manual' })).body.data
      .id as string;
    const hash = freshHash();
    const added = await api(t, memberId, 'POST', `secure/${id}/tx-hash`, { txHash: hash });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ id, txHash: hash, status: 'pending' });
    const corrected = freshHash();
    const fixed = await api(t, memberId, 'POST', `secure/${id}/tx-hash`, { txHash: corrected });
    expect(fixed.body.data.txHash).toBe(corrected);
  });

  it("answers 404 for another member's deposit and for ids that are not ours", async () => {
    const [owner, stranger] = [await fundedMember(t, 0n), await fundedMember(t, 0n)];
    const id = (await createDeposit(t, owner, { amount: 30, provider: 'manual' })).body.data
      .id as string;
    for (const target of [id, 'not-a-uuid', crypto.randomUUID()]) {
      const answer = await api(t, stranger, 'POST', `secure/${target}/tx-hash`, {
        txHash: freshHash(),
      });
      expect(answer.status).toBe(404);
    }
    expect((await depositRow(t, id))?.tx_hash).toBeNull();
  });

  it('refuses a bad hash (422), a hash in use (409) and a deposit no longer pending (409)', async () => {
    const memberId = await fundedMember(t, 0n);
    const taken = freshHash();
    await createDeposit(t, memberId, { amount: 30, provider: 'manual', txHash: taken });
    const id = (await createDeposit(t, memberId, { amount: 30, provider: 'manual' })).body.data
      .id as string;
    const bad = await api(t, memberId, 'POST', `secure/${id}/tx-hash`, { txHash: 'xyz' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual(refusal('txHash', 'Enter valid Transaction hash.'));
    const inUse = await api(t, memberId, 'POST', `secure/${id}/tx-hash`, { txHash: taken });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(DEPOSIT_HASH_IN_USE);

    await operator(finance, 'POST', `deposits/${id}/reject`, { reason: 'No transfer' });
    const late = await api(t, memberId, 'POST', `secure/${id}/tx-hash`, { txHash: freshHash() });
    expect(late.status).toBe(409);
  });
});

describe('GET secure/hist', () => {
  it("lists only the member's own deposits, newest first, paged and filtered by status", async () => {
    const [memberId, other] = [await fundedMember(t, 0n), await fundedMember(t, 0n)];
    await createDeposit(t, other, { amount: 99, provider: 'manual' });
    const ids: string[] = [];
    for (const amount of [10, 20, 30]) {
      t.clock.advance(60_000);
      ids.push((await createDeposit(t, memberId, { amount, provider: 'manual' })).body.data.id);
    }
    await operator(admin, 'POST', `deposits/${ids[0]}/confirm`);

    const firstPage = await history(t, memberId, '?page=1&pageSize=2');
    expect(firstPage).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(firstPage.data.map((deposit: { amount: number }) => deposit.amount)).toEqual([30, 20]);
    expect((await history(t, memberId, '?page=2&pageSize=2')).data[0].id).toBe(ids[0]);
    const confirmed = await history(t, memberId, '?status=confirmed');
    expect(confirmed.data.map((deposit: { id: string }) => deposit.id)).toEqual([ids[0]]);
    const bad = await api(t, memberId, 'GET', 'secure/hist?status=done');
    expect(bad.status).toBe(422);
    expect(bad.body.message[0].validation_results[0].field).toBe('status');
    await expectReconciled(t.ctx.database.db);
  });
});

describe('operator deposits', () => {
  it('lists the queue with the member name and referral code, oldest first', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = (await createDeposit(t, memberId, { amount: 12, provider: 'manual' })).body.data
      .id as string;
    const answer = await operator(finance, 'GET', 'deposits?status=pending&pageSize=100');
    expect(answer.status).toBe(200);
    const entry = answer.body.data.data.find((deposit: { id: string }) => deposit.id === id);
    expect(entry).toMatchObject({
      memberId,
      memberName: expect.stringMatching(/^Ledger Test/),
      memberReferralCode: expect.any(String),
      amount: 12,
      status: 'pending',
      gatewayStatus: null,
      decidedAt: null,
    });
    const times = answer.body.data.data.map((deposit: { createdAt: string }) => deposit.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(
      answer.body.data.data.every((deposit: { status: string }) => deposit.status === 'pending'),
    ).toBe(true);
  });

  it('confirms once: credits the fund wallet, notifies, audits; a second confirm is 409', async () => {
    const memberId = await fundedMember(t, 0n);
    const hash = freshHash();
    const id = (
      await createDeposit(t, memberId, { amount: '75.25', provider: 'manual', txHash: hash })
    ).body.data.id as string;
    const confirmed = await operator(finance, 'POST', `deposits/${id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      id,
      status: 'confirmed',
      amount: 75.25,
      decidedAt: t.clock.now().toISOString(),
    });
    expect(await fundOf(t, memberId)).toBe(usd('75.25'));

    const again = await operator(admin, 'POST', `deposits/${id}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This deposit was already confirmed by finance@ops.example.com',
    );
    const rejectLate = await operator(admin, 'POST', `deposits/${id}/reject`, { reason: 'x' });
    expect(rejectLate.status).toBe(409);
    expect(rejectLate.body.message).toBe(again.body.message);

    expect(await fundOf(t, memberId)).toBe(usd('75.25'));
    expect(await depositEffects(t, memberId)).toEqual({
      credits: 1,
      notes: ['Deposit of $75.25 credited'],
      audits: ['deposit.confirm'],
    });
    const statement = await api(t, memberId, 'GET', 'auth/wallet-summary');
    expect(statement.body.data.deposited).toBe(75.25);
    const hist = await history(t, memberId);
    expect(hist.data[0]).toMatchObject({ id, status: 'confirmed', txHash: hash });
    await expectReconciled(t.ctx.database.db);
  });

  it('rejects with a reason the member reads; nothing is credited', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = (await createDeposit(t, memberId, { amount: 60, provider: 'manual' })).body.data
      .id as string;
    const blank = await operator(admin, 'POST', `deposits/${id}/reject`, { reason: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual(refusal('reason', 'Reason is required'));

    const rejected = await operator(admin, 'POST', `deposits/${id}/reject`, {
      reason: 'No such transfer on chain',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: 'No such transfer on chain',
    });
    expect((await history(t, memberId)).data[0]).toMatchObject({
      status: 'rejected',
      reason: 'No such transfer on chain',
    });
    expect(await depositEffects(t, memberId)).toEqual({
      credits: 0,
      notes: ['Deposit of $60.00 rejected: No such transfer on chain'],
      audits: ['deposit.reject'],
    });
    const audit = await operator(admin, 'GET', 'audit-log?action=deposit.reject');
    expect(audit.body.data.data[0]).toMatchObject({
      operatorEmail: 'admin@ops.example.com',
      targetType: 'deposit',
      targetId: id,
      detail: { memberId, amount: '60', provider: 'manual', reason: 'No such transfer on chain' },
    });
    expect(await fundOf(t, memberId)).toBe(0n);
    await expectReconciled(t.ctx.database.db);
  });

  it('refuses support (403) and unknown ids (404), changing nothing', async () => {
    const memberId = await fundedMember(t, 0n);
    const id = (await createDeposit(t, memberId, { amount: 60, provider: 'manual' })).body.data
      .id as string;
    for (const [method, url] of [
      ['GET', 'deposits'],
      ['POST', `deposits/${id}/confirm`],
      ['POST', `deposits/${id}/reject`],
    ] as const) {
      const answer = await operator(support, method, url, { reason: 'no' });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(OPERATOR_ROLE_REFUSED);
    }
    for (const target of [crypto.randomUUID(), 'nope']) {
      expect((await operator(admin, 'POST', `deposits/${target}/confirm`)).status).toBe(404);
    }
    expect(await depositEffects(t, memberId)).toEqual({ credits: 0, notes: [], audits: [] });
    expect((await depositRow(t, id))?.status).toBe('pending');
  });
});

describe('GET operator/deposits/:id and the member filter', () => {
  it("answers the deposit with its member and the member's latest ledger lines", async () => {
    const memberId = await fundedMember(t, usd('12'));
    const id = (
      await createDeposit(t, memberId, { amount: '30', provider: 'manual', txHash: freshHash() })
    ).body.data.id as string;
    const [owner] = await queryRows<{ code: string; name: string; email: string }>(
      t.ctx.database.db,
      sql`select referral_code as code, name, email from members where id = ${memberId}`,
    );
    if (!owner) throw new Error('no member');

    const detail = await operator(finance, 'GET', `deposits/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      deposit: { id, status: 'pending', amount: 30, memberId },
      member: {
        id: memberId,
        registeredId: owner.code,
        name: owner.name,
        email: owner.email,
        status: 'active',
      },
      recentLedger: [{ wallet: 'fund', kind: 'adjustment', amount: 12, balanceAfter: 12 }],
    });

    await operator(finance, 'POST', `deposits/${id}/confirm`);
    const after = await operator(admin, 'GET', `deposits/${id}`);
    expect(after.body.data.recentLedger.map((line: { amount: number }) => line.amount)).toEqual([
      30, 12,
    ]);
    expect(after.body.data.recentLedger[0]).toMatchObject({
      kind: 'deposit',
      balanceAfter: 42,
      reference: `deposit:${id}`,
    });

    const filtered = await operator(
      finance,
      'GET',
      `deposits?memberCode=${owner.code.toLowerCase()}`,
    );
    expect(filtered.body.data.data.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(filtered.body.data.total).toBe(1);
    const none = await operator(finance, 'GET', `deposits?memberCode=NOBODY99&status=confirmed`);
    expect(none.body.data).toMatchObject({ data: [], total: 0 });
  });

  it('is 404 for unknown ids and 403 for support', async () => {
    for (const id of ['6f1c1d52-0000-4000-8000-000000000000', 'nope']) {
      expect((await operator(admin, 'GET', `deposits/${id}`)).status).toBe(404);
    }
    expect(
      (await operator(support, 'GET', 'deposits/6f1c1d52-0000-4000-8000-000000000000')).status,
    ).toBe(403);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { startFakeGateway, signIpn, type FakeGateway } from '../../testing/fake-gateway.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signInOperator } from '../../testing/operators.ts';
import { api, fundedMember, tokenOf, usd } from '../../testing/members.ts';
import { GATEWAY_UNAVAILABLE } from './create-deposit.ts';
import { ipnSignature } from './gateway-client.ts';
import { createDeposit, depositEffects, depositRow, fundOf, history } from './test-support.ts';

// Gateway deposits against a fake NOWPayments over real HTTP: invoices, then signed callbacks
// in every order the gateway may send them.

let t: TestApp;
let fake: FakeGateway;

beforeAll(async () => {
  fake = await startFakeGateway();
  t = await createTestApp({ env: fake.env });
  fake.useApp(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
});

/** A member with an open $50 gateway deposit (or `amount`). */
async function openDeposit(amount: number | string = 50) {
  const memberId = await fundedMember(t, 0n);
  const answer = await createDeposit(t, memberId, { amount, provider: 'gateway' });
  expect(answer.status).toBe(200);
  return { memberId, id: answer.body.data.id as string, answer };
}

describe('POST secure/create (gateway)', () => {
  it('lists the gateway among the providers once it is configured', async () => {
    const memberId = await fundedMember(t, 0n);
    const answer = await api(t, memberId, 'GET', 'secure/providers');
    expect(answer.body.data.providers).toEqual(['manual', 'gateway']);
  });

  it('opens an invoice at the gateway and answers its payment_url', async () => {
    const { id, answer } = await openDeposit('12.5');
    const invoice = fake.invoices.at(-1);
    expect(invoice).toMatchObject({
      price_amount: 12.5,
      price_currency: 'usd',
      order_id: id,
      order_description: 'Deposit of $12.50',
      ipn_callback_url: 'https://invest.example.test/api/v1/payments/nowpayments/ipn',
      success_url: 'https://invest.example.test/payment/success',
      cancel_url: 'https://invest.example.test/payment/cancelled',
      partially_paid_url: 'https://invest.example.test/payment/pending',
    });
    expect(answer.body.data.payment_url).toBe(invoice?.invoice_url);
    expect(answer.body.data.instructions).toBeNull();
    expect(answer.body.data).toMatchObject({
      id,
      provider: 'gateway',
      status: 'pending',
      paymentUrl: invoice?.invoice_url,
    });
    expect((await depositRow(t, id))?.gateway_invoice_id).toBe(invoice?.id);
    expect(fake.refusedKeys).toBe(0);
  });

  it('refuses a transaction hash on a gateway deposit, naming txHash', async () => {
    const memberId = await fundedMember(t, 0n);
    const answer = await createDeposit(t, memberId, {
      amount: 50,
      provider: 'gateway',
      txHash: 'a'.repeat(64),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message[0].validation_results[0].field).toBe('txHash');
  });

  it.each(['error', 'slow'] as const)(
    'answers 503 without details when the gateway is %s, and the deposit ends failed',
    async (mode) => {
      fake.mode = mode;
      const memberId = await fundedMember(t, 0n);
      const answer = await createDeposit(t, memberId, { amount: 50, provider: 'gateway' });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'error',
        message: GATEWAY_UNAVAILABLE,
        error: 'UNAVAILABLE',
      });
      const [deposit] = (await history(t, memberId)).data;
      expect(deposit).toMatchObject({ status: 'failed', paymentUrl: null });
      expect(await fundOf(t, memberId)).toBe(0n);
      await expectReconciled(t.ctx.database.db);
    },
  );

  it('never credits a deposit whose invoice could not be opened', async () => {
    fake.mode = 'error';
    const memberId = await fundedMember(t, 0n);
    expect((await createDeposit(t, memberId, { amount: 50, provider: 'gateway' })).status).toBe(
      503,
    );
    const [deposit] = (await history(t, memberId)).data;
    for (const extra of [{}, { invoice_id: null }]) {
      const body = { order_id: deposit.id, payment_status: 'finished', price_amount: 50, ...extra };
      const answer = await call(t.app, 'POST', 'payments/nowpayments/ipn', body, {
        headers: { 'x-nowpayments-sig': signIpn(body) },
      });
      expect(answer.body.data.outcome).toBe('ignored');
    }
    expect(await depositRow(t, deposit.id)).toMatchObject({ status: 'failed', transfer_id: null });
    expect(await fundOf(t, memberId)).toBe(0n);
  });

  it('answers 503 when the gateway cannot be reached at all', async () => {
    const closed = await startFakeGateway();
    await closed.close();
    const other = await createTestApp({ env: closed.env, database: t.ctx.database });
    try {
      const memberId = await fundedMember(t, 0n);
      const answer = await call(
        other.app,
        'POST',
        'secure/create',
        { amount: 50, provider: 'gateway' },
        { token: await tokenOf(t, memberId) },
      );
      expect(answer.status).toBe(503);
    } finally {
      await other.close();
    }
  });
});

describe('POST payments/nowpayments/ipn', () => {
  it('credits a finished payment exactly once, however often it is delivered', async () => {
    const { memberId, id } = await openDeposit(50);
    const waiting = await fake.deliver('waiting');
    expect(waiting.status).toBe(200);
    expect((await depositRow(t, id))?.gateway_status).toBe('waiting');

    const { body, signature } = fake.callback('finished');
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(
        await call(t.app, 'POST', 'payments/nowpayments/ipn', body, {
          headers: { 'x-nowpayments-sig': signature },
        }),
      );
    }
    expect(answers.map((answer) => [answer.status, answer.body.data.outcome])).toEqual([
      [200, 'credited'],
      [200, 'ignored'],
      [200, 'ignored'],
    ]);
    expect(await fundOf(t, memberId)).toBe(usd('50'));
    expect(await depositEffects(t, memberId)).toEqual({
      credits: 1,
      notes: ['Deposit of $50.00 credited'],
      audits: [],
    });
    expect((await history(t, memberId)).data[0]).toMatchObject({ id, status: 'confirmed' });
    await expectReconciled(t.ctx.database.db);
  });

  it('verifies the signature over the keys sorted at every depth', () => {
    // NOWPayments' reference code (the fake's signIpn) and ours agree on nested objects.
    const body = { b: 1, a: { d: { g: null, f: 1, e: 0 }, c: 'x' } };
    expect(ipnSignature(body, 'secret')).toBe(signIpn(body, 'secret'));
    const reordered = { a: { c: 'x', d: { e: 0, f: 1, g: null } }, b: 1 };
    expect(ipnSignature(reordered, 'secret')).toBe(ipnSignature(body, 'secret'));
    expect(ipnSignature(body, 'other')).not.toBe(ipnSignature(body, 'secret'));
  });

  it('refuses a forged, missing or malformed signature and changes nothing', async () => {
    const { memberId, id } = await openDeposit(50);
    const { body, signature } = fake.callback('finished');
    const forged = { ...body, price_amount: 5000 };
    for (const headers of [
      { 'x-nowpayments-sig': signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { 'x-nowpayments-sig': signIpn(body, 'another-secret') },
      { 'x-nowpayments-sig': signature.slice(0, 64) },
      { 'x-nowpayments-sig': 'zz' },
      {},
    ] as Record<string, string>[]) {
      const answer = await call(t.app, 'POST', 'payments/nowpayments/ipn', body, { headers });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: 'FORBIDDEN', message: 'Invalid signature' });
    }
    const tampered = await call(t.app, 'POST', 'payments/nowpayments/ipn', forged, {
      headers: { 'x-nowpayments-sig': signature },
    });
    expect(tampered.status).toBe(403);
    expect(await fundOf(t, memberId)).toBe(0n);
    expect(await depositRow(t, id)).toMatchObject({ status: 'pending', gateway_status: null });
    await expectReconciled(t.ctx.database.db);
  });

  it('ignores a late failed after finished (a finished deposit never changes again)', async () => {
    const { memberId, id } = await openDeposit(20);
    expect((await fake.deliver('finished')).body.data.outcome).toBe('credited');
    for (const status of ['failed', 'refunded', 'expired', 'partially_paid', 'waiting']) {
      const answer = await fake.deliver(status);
      expect(answer.status).toBe(200);
      expect(answer.body.data.outcome).toBe('ignored');
    }
    expect(await depositRow(t, id)).toMatchObject({
      status: 'confirmed',
      gateway_status: 'finished',
    });
    expect(await fundOf(t, memberId)).toBe(usd('20'));
    expect((await depositEffects(t, memberId)).notes).toEqual(['Deposit of $20.00 credited']);
    await expectReconciled(t.ctx.database.db);
  });

  it('fails on failed, and still credits a finished that arrives after it', async () => {
    const { memberId, id } = await openDeposit(30);
    expect((await fake.deliver('failed')).body.data.outcome).toBe('closed');
    expect((await history(t, memberId)).data[0]).toMatchObject({
      status: 'failed',
      reason: 'The payment failed at the gateway',
    });
    expect((await fake.deliver('confirming')).body.data.outcome).toBe('ignored');
    t.clock.advance(60_000);
    expect((await fake.deliver('finished')).body.data.outcome).toBe('credited');
    expect(await depositRow(t, id)).toMatchObject({ status: 'confirmed', reason: null });
    expect(await fundOf(t, memberId)).toBe(usd('30'));
    expect((await depositEffects(t, memberId)).notes).toEqual([
      'Deposit of $30.00 failed: The payment failed at the gateway',
      'Deposit of $30.00 credited',
    ]);
    await expectReconciled(t.ctx.database.db);
  });

  it('marks refunded as failed and expired as expired, telling the member', async () => {
    const refunded = await openDeposit(15);
    await fake.deliver('refunded');
    expect(await depositRow(t, refunded.id)).toMatchObject({
      status: 'failed',
      reason: 'The payment was refunded by the gateway',
      gateway_status: 'refunded',
    });
    const expired = await openDeposit(16);
    expect((await fake.deliver('expired')).body.data.outcome).toBe('closed');
    expect(await depositRow(t, expired.id)).toMatchObject({
      status: 'expired',
      reason: 'No payment arrived in time',
    });
    expect((await depositEffects(t, expired.memberId)).notes).toEqual([
      'Deposit of $16.00 expired',
    ]);
    expect(await fundOf(t, expired.memberId)).toBe(0n);
    await expectReconciled(t.ctx.database.db);
  });

  it('keeps a partly paid deposit pending with what was received, for an operator', async () => {
    const { memberId, id } = await openDeposit(100);
    const answer = await fake.deliver('partially_paid', { actually_paid: 40.5, pay_amount: 100 });
    expect(answer.body.data.outcome).toBe('updated');
    expect(await depositRow(t, id)).toMatchObject({
      status: 'pending',
      gateway_status: 'partially_paid',
      reason:
        'Partly paid: received 40.5 of 100 USDTTRC20; not credited automatically, an operator will decide',
    });
    expect(await fundOf(t, memberId)).toBe(0n);

    const admin = await signInOperator(t, 'admin@gateway.example.com', 'admin');
    const queue = await call(
      t.app,
      'GET',
      'operator/deposits?status=pending&pageSize=100',
      undefined,
      {
        token: admin,
      },
    );
    const entry = queue.body.data.data.find((deposit: { id: string }) => deposit.id === id);
    expect(entry).toMatchObject({ gatewayStatus: 'partially_paid', provider: 'gateway' });
    const confirm = await call(t.app, 'POST', `operator/deposits/${id}/confirm`, undefined, {
      token: admin,
    });
    expect(confirm.status).toBe(409);
    const reject = await call(
      t.app,
      'POST',
      `operator/deposits/${id}/reject`,
      {
        reason: 'Only $40.50 arrived; refunded by support',
      },
      { token: admin },
    );
    expect(reject.status).toBe(200);
    expect((await fake.deliver('finished')).body.data.outcome).toBe('ignored');
    expect(await fundOf(t, memberId)).toBe(0n);
    await expectReconciled(t.ctx.database.db);
  });

  it('does not credit a finished payment whose price differs from the deposit', async () => {
    const { memberId, id } = await openDeposit(50);
    const answer = await fake.deliver('finished', { price_amount: 49.99 });
    expect(answer.body.data.outcome).toBe('updated');
    expect(await depositRow(t, id)).toMatchObject({
      status: 'pending',
      gateway_status: 'finished',
      reason:
        'The gateway reported a payment of 49.99 USD for this $50.00 deposit; not credited, an operator will review it',
    });
    expect(await fundOf(t, memberId)).toBe(0n);
    expect((await depositEffects(t, memberId)).credits).toBe(0);
    await expectReconciled(t.ctx.database.db);
  });

  it('ignores a callback whose invoice id is not the deposit’s', async () => {
    const { memberId, id } = await openDeposit(50);
    const answer = await fake.deliver('finished', { invoice_id: 1 });
    expect(answer.body.data.outcome).toBe('ignored');
    expect(await depositRow(t, id)).toMatchObject({ status: 'pending', gateway_status: null });
    expect(await fundOf(t, memberId)).toBe(0n);
  });

  it('answers 200 to an authentic callback for an unknown order, changing nothing', async () => {
    await openDeposit(50);
    const before = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from deposits where gateway_status is not null`,
    );
    for (const orderId of [crypto.randomUUID(), 'ORDER-1']) {
      const { body, signature } = fake.callback('finished');
      const unknown = { ...body, order_id: orderId };
      const answer = await call(t.app, 'POST', 'payments/nowpayments/ipn', unknown, {
        headers: { 'x-nowpayments-sig': signIpn(unknown) },
      });
      expect(signature).not.toBe(signIpn(unknown));
      expect(answer.status).toBe(200);
      expect(answer.body.data.outcome).toBe('unknown-order');
    }
    const after = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from deposits where gateway_status is not null`,
    );
    expect(after).toEqual(before);
  });

  it('answers 400 to a signed body without the fields it needs', async () => {
    const body = { payment_status: 'finished' };
    const answer = await call(t.app, 'POST', 'payments/nowpayments/ipn', body, {
      headers: { 'x-nowpayments-sig': signIpn(body) },
    });
    expect(answer.status).toBe(400);
  });
});

describe('without a gateway configured', () => {
  it('answers 404 on the IPN path', async () => {
    const plain = await createTestApp({ database: t.ctx.database });
    try {
      const body = { order_id: crypto.randomUUID(), payment_status: 'finished', price_amount: 1 };
      const answer = await call(plain.app, 'POST', 'payments/nowpayments/ipn', body, {
        headers: { 'x-nowpayments-sig': signIpn(body) },
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

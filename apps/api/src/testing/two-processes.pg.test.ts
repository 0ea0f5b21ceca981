import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { tallyAnswers } from './requests.ts';
import { DAY_MS } from '../lib/clock.ts';
import { getMemberBalances } from '../ledger/index.ts';
import { createSession } from '../core/sessions/member-sessions.ts';
import { buyPackage } from '../modules/packages/buy-package.ts';
import { tokenOf, usd } from './members.ts';
import { emailOf, WITHDRAWAL_TEST_ENV, withdrawer } from '../modules/withdrawals/test-support.ts';
import {
  callProcess,
  startApiProcesses,
  type ApiProcesses,
  type HttpAnswer,
} from './api-processes.ts';
import { createServerTestDatabase, testDatabaseUrl } from './database.ts';
import { startFakeGateway, type FakeGateway } from './fake-gateway.ts';
import { otpFrom } from './smtp-sink.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import {
  expectReconciled,
  insertFundedLedgerMember,
  insertLedgerTestMember,
} from './ledger-assertions.ts';

// The concurrency guarantees with TWO API processes on one PostgreSQL database (decision 0012):
// requests go over real HTTP and alternate between the processes, so nothing held in one
// process's memory (caches, the event loop's ordering) can be what keeps a use case exactly-once.

let database: Awaited<ReturnType<typeof createServerTestDatabase>>;
let servers: ApiProcesses;
let gateway: FakeGateway;
/** Not a server here: the other suites' helpers' handle on the same database, and the SMTP sink. */
let t: TestApp;
let catalogue: Record<string, string>;

const now = () => new Date();
const db = () => database.db;

/** Request `index` goes to process `index mod 2`. */
const alternating = (
  count: number,
  send: (target: ApiProcesses['processes'][number], index: number) => Promise<HttpAnswer>,
) =>
  Promise.all(
    Array.from({ length: count }, (_, index) =>
      send(servers.processes[index % servers.processes.length]!, index),
    ),
  );

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db(), query))[0]?.n;

/** A member with `fund` in the fund wallet, at `since`, and a session valid now. */
async function member(fund: bigint, since = now()) {
  const { memberId } =
    fund > 0n
      ? await insertFundedLedgerMember(db(), fund, since)
      : await insertLedgerTestMember(db(), since);
  const token = await createSession(db(), {
    memberId,
    now: now(),
    ip: '127.0.0.1',
    userAgent: 'two-processes-test',
  });
  return { memberId, token };
}

describe.skipIf(!testDatabaseUrl)('two API processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await createServerTestDatabase(5);
    gateway = await startFakeGateway();
    t = await createTestApp({ database });
    servers = await startApiProcesses({
      count: 2,
      databaseUrl: database.url,
      env: { ...gateway.env, ...WITHDRAWAL_TEST_ENV, SMTP_URL: t.smtp.url },
    });
    const rows = await queryRows<{ id: string; name: string }>(
      db(),
      sql`select id, name from packages`,
    );
    catalogue = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });
  afterAll(async () => {
    await servers?.stop();
    await t?.close();
    await gateway?.close();
    await database?.close();
  });

  it('runs two separate processes', () => {
    expect(servers.processes).toHaveLength(2);
    expect(new Set(servers.processes.map((server) => server.pid)).size).toBe(2);
    expect(new Set(servers.processes.map((server) => server.baseUrl)).size).toBe(2);
  });

  it('buys exactly once when 30 purchases spread over both each need the whole fund balance', async () => {
    const { memberId, token } = await member(usd('100'));
    const answers = await alternating(30, (target) =>
      callProcess(
        target,
        'POST',
        'package/buy-package',
        { packageId: catalogue.Starter, amount: 100 },
        { token },
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '422 INSUFFICIENT_FUNDS': 29 });
    expect(
      await count(
        sql`select count(*)::int as n from member_packages where member_id = ${memberId}::uuid`,
      ),
    ).toBe(1);
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(0n);
    await expectReconciled(db());
  });

  it('pays once when 20 claims of one member are spread over both', async () => {
    // Bought three days ago, directly through the use case, so three days are due now.
    const boughtAt = new Date(now().getTime() - 3 * DAY_MS);
    const { memberId, token } = await member(usd('1100'), boughtAt);
    for (const [name, amount] of [
      ['Starter', usd('100')],
      ['Growth', usd('1000')],
    ] as const)
      await buyPackage(db(), { memberId, packageId: catalogue[name]!, amount }, boughtAt);

    const answers = await alternating(20, (target) =>
      callProcess(target, 'POST', 'package/claim-profit', undefined, { token }),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '409 NOTHING_TO_CLAIM': 19 });
    const paid = answers.find((answer) => answer.status === 200)!;
    expect(paid.body.data.lines).toHaveLength(6);
    expect((await getMemberBalances(db(), memberId)).profit.balance).toBe(
      usd(String(paid.body.data.totalAmount)),
    );
    expect(
      await count(
        sql`select count(*)::int as n from package_claims where member_id = ${memberId}::uuid`,
      ),
    ).toBe(6);
    expect(
      await count(
        sql`select count(*)::int as n from transfers where member_id = ${memberId}::uuid and kind = 'trade-income'`,
      ),
    ).toBe(1);
    await expectReconciled(db());
  });

  it('has one effect when the same Idempotency-Key reaches both processes 10 times at once', async () => {
    const { memberId, token } = await member(usd('1000'));
    const answers = await alternating(10, (target) =>
      callProcess(
        target,
        'POST',
        'package/buy-package',
        { packageId: catalogue.Starter, amount: 100 },
        { token, headers: { 'idempotency-key': 'two-processes-key' } },
      ),
    );
    const seen = tallyAnswers(answers);
    expect(seen['200']).toBeGreaterThanOrEqual(1);
    expect((seen['200'] ?? 0) + (seen['409 IDEMPOTENCY_IN_PROGRESS'] ?? 0)).toBe(10);
    const ids = new Set(
      answers.filter((answer) => answer.status === 200).map((answer) => answer.body.data.id),
    );
    expect(ids.size).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from member_packages where member_id = ${memberId}::uuid`,
      ),
    ).toBe(1);
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(usd('900'));
    await expectReconciled(db());
  });

  it('credits once when the same finished IPN reaches both processes 10 times at once', async () => {
    const { memberId, token } = await member(0n);
    const created = await callProcess(
      servers.processes[0]!,
      'POST',
      'secure/create',
      { amount: 250, provider: 'gateway' },
      { token },
    );
    expect(created.status).toBe(200);
    const { body, signature } = gateway.callback('finished');
    const answers = await alternating(10, (target) =>
      callProcess(target, 'POST', 'payments/nowpayments/ipn', body, {
        headers: { 'x-nowpayments-sig': signature },
      }),
    );
    const outcomes = answers.map((answer) => `${answer.status} ${answer.body.data?.outcome}`);
    expect(outcomes.filter((outcome) => outcome === '200 credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === '200 ignored')).toHaveLength(9);
    expect((await getMemberBalances(db(), memberId)).fund.balance).toBe(usd('250'));
    expect(
      await count(
        sql`select count(*)::int as n from transfers where member_id = ${memberId}::uuid and kind = 'deposit'`,
      ),
    ).toBe(1);
    await expectReconciled(db());
  });

  it('withdraws once when 50 requests over both carry the same fresh code for the whole balance', async () => {
    t.clock.set(now());
    const memberId = await withdrawer(t, { profit: usd('100') });
    const token = await tokenOf(t, memberId);
    const email = await emailOf(t, memberId);
    const query = new URLSearchParams({ purpose: 'withdrawal', wallet: 'profit', amount: '100' });
    const sent = await callProcess(
      servers.processes[0]!,
      'GET',
      `auth/send-otp?${query}`,
      undefined,
      {
        token,
      },
    );
    expect(sent.status).toBe(200);
    const otp = otpFrom(
      await t.smtp.waitFor(
        (mail) => mail.to.includes(email) && mail.subject.startsWith('Your code:'),
      ),
    );
    const answers = await alternating(50, (target) =>
      callProcess(
        target,
        'POST',
        'safe/withdrawal',
        { wallet: 'profit', amount: 100, otp },
        { token },
      ),
    );
    // The code's row lock lets one request at a time check it, in whichever process; the first consumes it.
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '400 OTP_INVALID': 49 });
    expect(
      await count(
        sql`select count(*)::int as n from withdrawals where member_id = ${memberId}::uuid and status = 'pending'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from holds h join accounts a on a.id = h.account_id where a.member_id = ${memberId}::uuid`,
      ),
    ).toBe(1);
    expect((await getMemberBalances(db(), memberId)).profit).toEqual({
      balance: usd('100'),
      held: usd('100'),
      available: 0n,
    });
    await expectReconciled(db());
  });
});

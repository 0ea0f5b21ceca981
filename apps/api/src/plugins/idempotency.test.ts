import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { adjustMemberBalance, getMemberBalances, withTransaction } from '../ledger/index.ts';
import { expectReconciled } from '../testing/ledger-assertions.ts';
import { call, signUp, type SignedUp } from '../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../testing/test-app.ts';
import { ok } from '../lib/reply.ts';
import { idempotent } from './idempotency.ts';
import { currentMember } from './member-auth.ts';
import { routeGroup } from './route-groups.ts';

/** A test-only money POST in the member group: credits the fund wallet with a fresh reference each time. */
async function registerCreditRoute(app: FastifyInstance): Promise<void> {
  let sequence = 0;
  const creditRoute = async (group: FastifyInstance) => {
    group.post('/test/credit', { preHandler: idempotent }, async (request) => {
      const { amount } = request.body as { amount: number };
      const memberId = currentMember(request).memberId;
      sequence += 1;
      await withTransaction(app.ctx.database.db, (tx) =>
        adjustMemberBalance(tx, {
          memberId,
          wallet: 'fund',
          amount: BigInt(amount),
          reference: `test-credit:${sequence}`,
          reason: 'test',
          now: app.ctx.clock.now(),
        }),
      );
      return ok({ sequence });
    });
  };
  await app.register(routeGroup('member', [creditRoute]));
}

let t: TestApp;
let member: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ beforeReady: registerCreditRoute });
  await createRootMember(t.ctx.database, 'RTST2345');
  member = await signUp(t.app, t.smtp, 'RTST2345');
});
afterAll(() => t.close());

const credit = (key: string | undefined, amount: number) =>
  call(
    t.app,
    'POST',
    '/test/credit',
    { amount },
    { token: member.token, headers: key ? { 'idempotency-key': key } : {} },
  );
const fund = async () =>
  (
    await getMemberBalances(
      t.ctx.database.db,
      (
        await queryRows<{ id: string }>(
          t.ctx.database.db,
          sql`select id from members where referral_code = ${member.code}`,
        )
      )[0]!.id,
    )
  ).fund.balance;

describe('Idempotency-Key', () => {
  it('replays the stored response for the same key and body, with one effect', async () => {
    const before = await fund();
    const first = await credit('key-1', 1_000);
    const second = await credit('key-1', 1_000);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await fund()) - before).toBe(1_000n);
    await expectReconciled(t.ctx.database.db);
  });

  it('answers 409 when the key comes back with a different body', async () => {
    await credit('key-2', 5);
    const reused = await credit('key-2', 6);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('lets concurrent duplicates have one effect', async () => {
    const before = await fund();
    const answers = await Promise.all(Array.from({ length: 10 }, () => credit('key-3', 70)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      answers.every(
        (answer) => answer.status === 200 || answer.body.error === 'IDEMPOTENCY_IN_PROGRESS',
      ),
    ).toBe(true);
    expect((await fund()) - before).toBe(70n);
  });

  it('keeps keys per member and refuses a malformed key', async () => {
    expect((await credit('x'.repeat(256), 1)).status).toBe(400);
    const other = await signUp(t.app, t.smtp, 'RTST2345');
    const mine = await credit('shared-key', 3);
    const theirs = await call(
      t.app,
      'POST',
      '/test/credit',
      { amount: 3 },
      { token: other.token, headers: { 'idempotency-key': 'shared-key' } },
    );
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.sequence).not.toBe(mine.body.data.sequence);
  });
});

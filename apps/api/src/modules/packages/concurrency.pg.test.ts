import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { getMemberBalances } from '../../ledger/index.ts';
import { testDatabaseUrl } from '../../testing/database.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { call, tallyAnswers } from '../../testing/requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  at,
  fundedMember,
  readCatalogue,
  tokenOf,
  usd,
  type Catalogue,
} from '../../testing/members.ts';

// Buying and claiming on a real PostgreSQL server, where requests really run at the same time
// on separate connections (PGlite has one connection and serialises everything).

let t: TestApp;
let catalogue: Catalogue;

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.ctx.database.db, query))[0]?.n;
describe.skipIf(!testDatabaseUrl)('packages under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    catalogue = await readCatalogue(t);
  });
  afterAll(async () => {
    if (t) await t.close();
  });

  it('buys exactly once when 30 purchases each need the whole fund balance', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, usd('100'));
    const token = await tokenOf(t, memberId);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(
          t.app,
          'POST',
          'package/buy-package',
          { packageId: catalogue.Starter, amount: 100 },
          { token },
        ),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '422 INSUFFICIENT_FUNDS': 29 });
    expect(
      await count(
        sql`select count(*)::int as n from member_packages where member_id = ${memberId}::uuid`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from transfers where member_id = ${memberId}::uuid and kind = 'package-purchase'`,
      ),
    ).toBe(1);
    expect((await getMemberBalances(t.ctx.database.db, memberId)).fund.balance).toBe(0n);
    await expectReconciled(t.ctx.database.db);
  });

  it('has one effect when the same Idempotency-Key arrives 10 times at once', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, usd('1000'));
    const token = await tokenOf(t, memberId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(
          t.app,
          'POST',
          'package/buy-package',
          { packageId: catalogue.Starter, amount: 100 },
          { token, headers: { 'idempotency-key': 'same-key' } },
        ),
      ),
    );
    const seen = tallyAnswers(answers);
    expect(seen['200']).toBeGreaterThanOrEqual(1);
    expect((seen['200'] ?? 0) + (seen['409 IDEMPOTENCY_IN_PROGRESS'] ?? 0)).toBe(10);
    const ids = new Set(
      answers
        .filter((answer) => answer.status === 200)
        .map((answer) => answer.body.data.id as string),
    );
    expect(ids.size).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from member_packages where member_id = ${memberId}::uuid`,
      ),
    ).toBe(1);
    expect((await getMemberBalances(t.ctx.database.db, memberId)).fund.balance).toBe(usd('900'));
    await expectReconciled(t.ctx.database.db);
  });

  it('pays once when one member claims 20 times at once', async () => {
    t.clock.set(at(0));
    const memberId = await fundedMember(t, usd('3000'));
    const token = await tokenOf(t, memberId);
    for (const [packageId, amount] of [
      [catalogue.Starter, 100],
      [catalogue.Growth, 500],
      [catalogue.Growth, 1000],
    ] as const) {
      expect(
        (await call(t.app, 'POST', 'package/buy-package', { packageId, amount }, { token })).status,
      ).toBe(200);
    }
    t.clock.set(at(3));
    const claimToken = await tokenOf(t, memberId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', 'package/claim-profit', undefined, { token: claimToken }),
      ),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '409 NOTHING_TO_CLAIM': 19 });
    const paid = answers.find((answer) => answer.status === 200);
    expect(paid?.body.data.totalAmount).toBe(18.9); // 3 days of 0.3 + 2 + 4
    expect((await getMemberBalances(t.ctx.database.db, memberId)).profit.balance).toBe(usd('18.9'));
    expect(
      await count(
        sql`select count(*)::int as n from package_claims where member_id = ${memberId}::uuid`,
      ),
    ).toBe(9);
    expect(
      await count(
        sql`select count(*)::int as n from transfers where member_id = ${memberId}::uuid and kind = 'trade-income'`,
      ),
    ).toBe(1);
    await expectReconciled(t.ctx.database.db);
  });

  it('lets 20 different members claim at the same time, each paid', async () => {
    t.clock.set(at(0));
    const members = await Promise.all(
      Array.from({ length: 20 }, () => fundedMember(t, usd('100'))),
    );
    for (const memberId of members) {
      const token = await tokenOf(t, memberId);
      expect(
        (
          await call(
            t.app,
            'POST',
            'package/buy-package',
            { packageId: catalogue.Starter, amount: 100 },
            { token },
          )
        ).status,
      ).toBe(200);
    }
    t.clock.set(at(2));
    const tokens = await Promise.all(members.map((memberId) => tokenOf(t, memberId)));
    const answers = await Promise.all(
      tokens.map((token) => call(t.app, 'POST', 'package/claim-profit', undefined, { token })),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 20 });
    for (const memberId of members)
      expect((await getMemberBalances(t.ctx.database.db, memberId)).profit.balance).toBe(
        usd('0.6'),
      );
    await expectReconciled(t.ctx.database.db);
  });
});

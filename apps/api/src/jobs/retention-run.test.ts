import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { DAY_MS, HOUR_MS } from '../lib/clock.ts';
import { signInOperator } from '../testing/operators.ts';
import { buy, fundedMember, readCatalogue, usd } from '../testing/members.ts';
import { call, signUp } from '../testing/requests.ts';
import { createRootMember, createTestApp, TEST_START, type TestApp } from '../testing/test-app.ts';
import { openChallenge } from '../core/second-factor/challenges.ts';
import { redeemProofOfWork } from '../core/proof-of-work.ts';
import { solvedProofOfWork } from '../testing/proof-of-work.ts';
import { RETENTION_RULES, runRetention, type RetentionTable } from './retention-run.ts';

// Old rows of the short-lived tables go, live ones stay: activity through the real API a month
// ago and today, then the retention run in batches of 2 (so every table needs several).

let t: TestApp;
let starter: string;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database);
  starter = (await readCatalogue(t))['Starter']!;
});
afterAll(() => t.close());

const tables = RETENTION_RULES.map((rule) => rule.table);

async function countRows(): Promise<Record<RetentionTable, number>> {
  const counts = {} as Record<RetentionTable, number>;
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/**
 * What a member and an operator leave behind: sessions, a code, throttle rows, a stored answer,
 * sent mails.
 */
async function activity(ip: string, idempotencyKey: string) {
  // A session and an email code, and the address's count of registrations (decision 0050).
  const member = await signUp(t.app, t.smtp, 'ROOT2345', {}, ip);
  await call(t.app, 'POST', 'auth/login', { loginId: member.code, password: 'wrong' }, { ip });
  await signInOperator(t, `ops-${idempotencyKey}@example.com`);
  const buyer = await fundedMember(t, usd('100'));
  // The second step a sign-in with an authenticator app leaves.
  await openChallenge(t.ctx.database.db, buyer, t.clock.now());
  // A spent proof-of-work (decision 0050), kept until its challenge ends.
  const proof = await solvedProofOfWork(t.app);
  const { key } = t.ctx.config.proofOfWork;
  expect(await redeemProofOfWork(t.ctx.database.db, key, proof, t.clock.now())).toBe('ok');
  // The options of a sign-in by passkey that was never answered.
  await call(t.app, 'POST', 'auth/passkey-sign-in/options', undefined, { ip });
  const bought = await buy(t, buyer, { packageId: starter, amount: 50 }, idempotencyKey);
  expect(bought.status).toBe(200);
  // The key a once-only mail leaves (written by the member-mail run, member-mails.test.ts).
  await t.ctx.database.db.execute(
    sql`insert into mail_once_keys (key, created_at)
        values (${`package-ended:${idempotencyKey}`}, ${t.clock.now().toISOString()}::timestamptz)`,
  );
  // Mails are sent just after their request answers: each is sent (at this clock time, which the
  // windows count from) before the test moves the clock on.
  await vi.waitFor(async () => {
    const [pending] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as n from mail_outbox where state = 'pending'`,
    );
    expect(pending?.n).toBe(0);
  });
  return { buyer, bought };
}

describe('the retention run', () => {
  it('deletes what outlived its window, in batches, keeps what is live, once a day', async () => {
    t.clock.set(TEST_START);
    await activity('10.0.0.1', 'month-old-key');
    const old = await countRows();
    for (const table of tables) expect(old[table], table).toBeGreaterThan(0);

    // A stored answer 25 hours old: a client may still retry it (the window is at least a day).
    const runAt = new Date(TEST_START.getTime() + 31 * DAY_MS);
    t.clock.set(new Date(runAt.getTime() - 25 * HOUR_MS));
    const recent = await fundedMember(t, usd('100'));
    const kept = await buy(t, recent, { packageId: starter, amount: 50 }, 'day-old-key');
    const beforeToday = await countRows();

    t.clock.set(runAt);
    await activity('10.0.0.2', 'todays-key');
    const all = await countRows();

    const report = await runRetention(t.ctx.database.db, runAt, { batchSize: 2 });

    // Exactly the month-old rows: the day-old ones are all inside their windows. No document
    // was rejected and no account closed, so no personal data goes (retention-personal-data.test.ts).
    expect(report).toEqual({
      day: runAt.toISOString().slice(0, 10),
      deleted: old,
      personalData: { documents: 0, closedAccounts: 0 },
    });
    const left = await countRows();
    for (const table of tables) expect(left[table], table).toBe(all[table] - old[table]);
    expect(left.idempotency_keys - (all.idempotency_keys - beforeToday.idempotency_keys)).toBe(1);

    // The day is claimed: a second run (another instance, a restart) deletes nothing more.
    expect(await runRetention(t.ctx.database.db, runAt, { batchSize: 2 })).toBeNull();
    expect(await countRows()).toEqual(left);

    // The day-old key still replays its stored answer instead of buying again.
    const replay = await buy(t, recent, { packageId: starter, amount: 50 }, 'day-old-key');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(kept.body);
  });
});

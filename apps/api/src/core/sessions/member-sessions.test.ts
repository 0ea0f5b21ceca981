import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustMemberBalance } from '../../ledger/index.ts';
import { fundedMember, tokenOf } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createSession, eachTokenOnce, resolveSession, revokeSession } from './member-sessions.ts';

// The lookups of one event-loop turn share a database call (decision 0042): each request must
// still get its own member, balances and verdict, whatever else is in its batch.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('session lookups batched in one call', () => {
  it('answers each token of a batch with its own member and balances, and nothing for the rest', async () => {
    const db = t.ctx.database.db;
    const rich = await fundedMember(t, 5_000_000n);
    const poor = await fundedMember(t, 0n);
    await adjustMemberBalance(db, {
      memberId: poor,
      wallet: 'profit',
      amount: 250_000n,
      reference: `test-profit:${poor}`,
      reason: 'test profit',
      now: t.clock.now(),
    });
    const richToken = await tokenOf(t, rich);
    const poorToken = await tokenOf(t, poor);
    const revokedToken = await tokenOf(t, rich);
    const revoked = await resolveSession(db, revokedToken, t.clock.now());
    await revokeSession(db, revoked!.sessionId, t.clock.now());
    const now = t.clock.now();

    const [first, unknown, gone, second, again] = await Promise.all([
      resolveSession(db, richToken, now),
      resolveSession(db, 'x'.repeat(43), now),
      resolveSession(db, revokedToken, now),
      resolveSession(db, poorToken, now),
      resolveSession(db, richToken, now),
    ]);

    expect(first?.memberId).toBe(rich);
    expect(first?.balances.fund.available).toBe(5_000_000n);
    expect(first?.balances.profit.available).toBe(0n);
    expect(unknown).toBeNull();
    expect(gone).toBeNull();
    expect(second?.memberId).toBe(poor);
    expect(second?.balances.fund.available).toBe(0n);
    expect(second?.balances.profit.available).toBe(250_000n);
    expect(again).toEqual(first);
  });

  it('answers a session created just before the batch that reads it', async () => {
    const db = t.ctx.database.db;
    const member = await fundedMember(t, 0n);
    const token = await createSession(db, {
      memberId: member,
      now: t.clock.now(),
      ip: '127.0.0.1',
      userAgent: 'sessions-test',
    });
    expect((await resolveSession(db, token, t.clock.now()))?.memberId).toBe(member);
  });
});

describe('each token looked up once per batch', () => {
  it('sends a repeated token once and gives every request that carried it the same rows', async () => {
    const asked: string[][] = [];
    const lookup = eachTokenOnce(async ({ tokenHashes }: { tokenHashes: string[] }) => {
      asked.push(tokenHashes);
      return tokenHashes.flatMap((hash, index) =>
        hash === 'unknown' ? [] : [{ tokenIndex: index + 1, hash, wallet: 'fund' }],
      );
    });

    const answers = await lookup(['a', 'b', 'a', 'unknown', 'b', 'a']);

    expect(asked).toEqual([['a', 'b', 'unknown']]);
    expect(answers.map((rows) => rows.map((row) => row.hash))).toEqual([
      ['a'],
      ['b'],
      ['a'],
      [],
      ['b'],
      ['a'],
    ]);
  });
});

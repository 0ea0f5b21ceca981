import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { ok } from '../lib/reply.ts';
import { call } from '../testing/requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/wait.ts';
import { idempotent } from './idempotency.ts';

// The lock on an Idempotency-Key is a lease its request renews while it runs: a crashed holder's
// key is free again once the lease runs out (the test clock moves it), a live holder's never.

const LEASE_MS = 1_000;
const ROUTE = '/test/held';

/** A POST that runs until the test lets it finish: a request still in flight. */
function heldRoute() {
  const gates = new Map<string, () => void>();
  let runs = 0;
  const register = async (app: FastifyInstance) => {
    app.post(ROUTE, { preHandler: idempotent }, async (request) => {
      runs += 1;
      const key = String(request.headers['idempotency-key']);
      await new Promise<void>((release) => gates.set(key, release));
      return ok({ run: runs });
    });
  };
  const release = async (key: string) => {
    await until(() => gates.has(key), 5_000);
    gates.get(key)!();
  };
  return { register, release, runs: () => runs };
}

let t: TestApp;
let route: ReturnType<typeof heldRoute>;
beforeAll(async () => {
  route = heldRoute();
  t = await createTestApp({
    env: { IDEMPOTENCY_LEASE_MS: String(LEASE_MS) },
    beforeReady: route.register,
  });
});
afterAll(() => t.close());

const post = (key: string) =>
  call(t.app, 'POST', ROUTE, { n: 1 }, { headers: { 'idempotency-key': key } });

const row = async (key: string) =>
  (
    await queryRows<{ state: string; locked_until: string | Date }>(
      t.ctx.database.db,
      sql`select state, locked_until from idempotency_keys where key = ${key}`,
    )
  )[0]!;

describe('the lease on an Idempotency-Key', () => {
  it("frees a crashed holder's key once its lease runs out, not a minute later", async () => {
    // What a process that died mid-request leaves: a key in progress, its lease running.
    const now = t.ctx.clock.now();
    await t.ctx.database.db.execute(sql`
      insert into idempotency_keys (scope, key, route, request_hash, state, created_at, locked_until)
      values ('ip:127.0.0.1', 'crashed', ${`POST ${ROUTE}`},
        ${createHash('sha256').update('{"n":1}').digest('hex')}, 'processing', ${now},
        ${new Date(now.getTime() + LEASE_MS)})`);

    const early = await post('crashed');
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('IDEMPOTENCY_IN_PROGRESS');

    t.clock.advance(LEASE_MS + 1);
    const retried = post('crashed');
    await route.release('crashed');
    expect((await retried).status).toBe(200);
    expect((await row('crashed')).state).toBe('done');
  });

  it("keeps a running holder's key however long it runs: the duplicate waits", async () => {
    const runsBefore = route.runs() + 1;
    const first = post('running');
    await until(() => route.runs() === runsBefore, 5_000);
    const leased = new Date((await row('running')).locked_until).getTime();

    // Past the first lease on the test clock, once the holder has renewed it.
    t.clock.advance(LEASE_MS * 0.7);
    await waitForRenewal('running', leased);
    t.clock.advance(LEASE_MS * 0.7);
    const duplicate = await post('running');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(route.runs()).toBe(runsBefore);

    await route.release('running');
    expect((await first).status).toBe(200);
    const replay = await post('running');
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('never lets a holder that lost its lease overwrite the key', async () => {
    const runsBefore = route.runs();
    const first = post('lost');
    await until(() => route.runs() > runsBefore, 5_000);
    // Another holder took the key over (this one stalled past its lease): its lease is stored.
    const theirs = new Date(t.ctx.clock.now().getTime() + 60_000);
    await t.ctx.database.db.execute(
      sql`update idempotency_keys set locked_until = ${theirs} where key = 'lost'`,
    );
    await route.release('lost');
    expect((await first).status).toBe(200);
    const after = await row('lost');
    expect(after.state).toBe('processing');
    expect(new Date(after.locked_until).getTime()).toBe(theirs.getTime());
  });
});

/** Waits (a condition, not a pause) until the running request has pushed its lease past `leased`. */
async function waitForRenewal(key: string, leased: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const until = new Date((await row(key)).locked_until).getTime();
      if (until <= leased) throw new Error('the lease was never renewed');
    },
    { timeout: 5_000, interval: 20 },
  );
}

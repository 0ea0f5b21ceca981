import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/members.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { tokenOf } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call } from '../../testing/requests.ts';
import {
  createRootMember,
  createTestApp,
  ROOT_PASSWORD,
  type TestApp,
} from '../../testing/test-app.ts';
import { openStream, until, type Stream } from './test-support.ts';

// Price streams over real sockets: how many one member and one address may hold, and that a
// stream ends with its session, whichever way the session ends.

async function listening(env: Record<string, string>) {
  const t = await createTestApp({ env: { MARKET_STREAMS_PER_ADDRESS: '5', ...env } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

const isOpen = async (stream: Stream) => {
  await until(() => stream.events.length > 0, 5_000);
  return stream;
};

describe('caps and the endings this process hears of at once', () => {
  let t: TestApp;
  let port: number;
  // No periodic check during these tests: only the in-process ending can end a stream here.
  beforeAll(async () => ({ t, port } = await listening({ MARKET_STREAM_CHECK_MS: '600000' })));
  afterAll(() => t.close());
  const member = (code: string) => createRootMember(t.ctx.database, code, `Member ${code}`);

  it('refuses a member a fourth stream and an address its sixth, in the envelope', async () => {
    const first = await member('CAPA2345');
    const tokens = await Promise.all([1, 2, 3, 4].map(() => tokenOf(t, first)));
    const held = await Promise.all(tokens.slice(0, 3).map((token) => openStream(port, token)));
    expect(held.map((stream) => stream.status)).toEqual([200, 200, 200]);

    const fourth = await openStream(port, tokens[3]!);
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toBe('30');
    expect(JSON.parse(fourth.text())).toMatchObject({
      status: 'error',
      error: 'RATE_LIMITED',
      message: expect.stringContaining('for this account (at most 3)'),
    });

    const second = await tokenOf(t, await member('CAPB2345'));
    const more = await Promise.all([openStream(port, second), openStream(port, second)]);
    expect(more.map((stream) => stream.status)).toEqual([200, 200]);
    const sixth = await openStream(port, await tokenOf(t, await member('CAPC2345')));
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.text()).message).toContain('from this address (at most 5)');

    // A stream that closes frees its place.
    held[0]!.request.destroy();
    await held[0]!.closed;
    let again = await openStream(port, tokens[3]!);
    for (let attempt = 0; again.status === 429 && attempt < 50; attempt += 1)
      again = await openStream(port, tokens[3]!);
    expect(again.status).toBe(200);
    for (const stream of [...held, ...more, again]) stream.request.destroy();
    await Promise.all([...held, ...more, again].map((stream) => stream.closed));
  });

  it('ends the stream of a session that signs out, and no other', async () => {
    const id = await member('OUTA2345');
    const [leaving, staying] = await Promise.all([tokenOf(t, id), tokenOf(t, id)]);
    const streams = await Promise.all([openStream(port, leaving), openStream(port, staying)]);
    await Promise.all(streams.map(isOpen));

    const out = await call(t.app, 'POST', 'auth/logout', undefined, { token: leaving });
    expect(out.status).toBe(200);
    await streams[0]!.closed;
    expect(streams[1]!.request.destroyed).toBe(false);
    streams[1]!.request.destroy();
  });

  it("ends a member's other streams on a password change, keeping the one it was made in", async () => {
    const id = await member('PWDA2345');
    const [changing, other] = await Promise.all([tokenOf(t, id), tokenOf(t, id)]);
    const [kept, ended] = await Promise.all([openStream(port, changing), openStream(port, other)]);
    await Promise.all([isOpen(kept), isOpen(ended)]);

    const newPassword = 'a-fresh-passphrase-2026';
    const changed = await call(
      t.app,
      'POST',
      'auth/change-password',
      { currentPassword: ROOT_PASSWORD, newPassword, confirmPassword: newPassword },
      { token: changing },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await ended.closed;
    expect(kept.request.destroyed).toBe(false);
    kept.request.destroy();
  });

  it('ends the streams of sessions ended from the sessions list, by the member or an operator', async () => {
    const id = await member('ENDA2345');
    const [asking, one, others] = await Promise.all([1, 2, 3].map(() => tokenOf(t, id)));
    const opened = await Promise.all(
      [asking, one, others].map((token) => openStream(port, token!)),
    );
    await Promise.all(opened.map(isOpen));
    const [kept, endedOne, endedOthers] = opened;
    const listed = await call(t.app, 'GET', 'auth/sessions', undefined, { token: one });
    const oneId = (listed.body.data.sessions as { id: string; current: boolean }[]).find(
      (session) => session.current,
    )!.id;

    const ended = await call(t.app, 'DELETE', `auth/sessions/${oneId}`, undefined, {
      token: asking,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await endedOne!.closed;
    const all = await call(t.app, 'POST', 'auth/sessions/end-others', undefined, {
      token: asking,
    });
    expect(all.body.data).toEqual({ ended: 1 });
    await endedOthers!.closed;
    expect(kept!.request.destroyed).toBe(false);

    // The console's ending is heard the same way.
    const operator = await signInOperator(t, 'ender@example.com');
    const byOperator = await tokenOf(t, id);
    const stream = await isOpen(await openStream(port, byOperator));
    const mine = await call(t.app, 'GET', 'auth/sessions', undefined, { token: byOperator });
    const mineId = (mine.body.data.sessions as { id: string; current: boolean }[]).find(
      (session) => session.current,
    )!.id;
    const byConsole = await call(
      t.app,
      'DELETE',
      `operator/members/${id}/sessions/${mineId}`,
      undefined,
      { token: operator },
    );
    expect(byConsole.status, JSON.stringify(byConsole.body)).toBe(200);
    await stream.closed;
    kept!.request.destroy();
  });

  it('ends every stream of a member an operator blocks', async () => {
    const id = await member('BLKA2345');
    const stream = await isOpen(await openStream(port, await tokenOf(t, id)));
    const operator = await signInOperator(t, 'blocker@example.com');
    const blocked = await call(
      t.app,
      'POST',
      `operator/members/${id}/block`,
      { reason: 'Streams test' },
      { token: operator },
    );
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    await stream.closed;
  });
});

describe('the periodic check of open streams in the database', () => {
  let t: TestApp;
  let port: number;
  beforeAll(
    async () =>
      ({ t, port } = await listening({ MARKET_STREAM_CHECK_MS: '100', MARKET_POLL_MS: '100' })),
  );
  afterAll(() => t.close());

  it('ends a stream whose session another instance revoked', async () => {
    const id = await createRootMember(t.ctx.database, 'ELSE2345', 'Elsewhere');
    const token = await tokenOf(t, id);
    const stream = await isOpen(await openStream(port, token));
    // Straight in the database, as another instance's sign-out would: nothing here hears it.
    await t.ctx.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.memberId, id));
    await stream.closed;
  });

  it('ends a stream whose session went idle, and keeps it until then', async () => {
    const id = await createRootMember(t.ctx.database, 'IDLE2345', 'Idle Member');
    const stream = await isOpen(await openStream(port, await tokenOf(t, id)));
    t.clock.advance(29 * MINUTE_MS);
    const events = stream.events.length;
    // Later events prove the stream outlived a few checks while its session was still live.
    await until(() => stream.events.length > events + 2, 5_000);
    expect(stream.request.destroyed).toBe(false);
    t.clock.advance(2 * MINUTE_MS);
    await stream.closed;
  });
});

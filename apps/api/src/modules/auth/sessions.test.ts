import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { READ_ONLY_SESSION, SESSION_EXPIRED, SESSION_NOT_FOUND } from '@app/contracts';
import { createImpersonationSession } from '../../core/sessions/member-sessions.ts';
import { describeSessionDevice } from '../../core/sessions/session-devices.ts';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call, signUp } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

// GET auth/sessions, DELETE auth/sessions/:id and POST auth/sessions/end-others (decision 0043):
// real sessions made by signing in, judged by the same rules as every request.

let t: TestApp;
const ROOT = 'RTSS2345';

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Member = Awaited<ReturnType<typeof signUp>>;

/** Another session of the member: a sign-in from this browser and address. */
async function signIn(member: Member, userAgent: string, ip: string): Promise<string> {
  const answer = await call(
    t.app,
    'POST',
    'auth/login',
    { loginId: member.code, password: member.password },
    { headers: { 'user-agent': userAgent }, ip },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.access_token as string;
}

const list = (token: string) => call(t.app, 'GET', 'auth/sessions', undefined, { token });
const end = (token: string, id: string) =>
  call(t.app, 'DELETE', `auth/sessions/${id}`, undefined, { token });
const endOthers = (token: string) =>
  call(t.app, 'POST', 'auth/sessions/end-others', undefined, { token });
const me = (token: string) => call(t.app, 'GET', 'auth/me', undefined, { token });

type Listed = { id: string; current: boolean; ip: string | null; lastActiveAt: string };
const sessionsOf = async (token: string) => {
  const answer = await list(token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.sessions as Listed[];
};
/** The id of the session a token opened: the one its own list marks current. */
const idOf = async (token: string) => {
  const current = (await sessionsOf(token)).find((session) => session.current);
  if (!current) throw new Error('no current session');
  return current.id;
};

const NOT_FOUND = { status: 'error', message: SESSION_NOT_FOUND, error: 'NOT_FOUND' };
const EXPIRED = { status: 'error', message: SESSION_EXPIRED, error: 'UNAUTHORIZED' };

describe('GET auth/sessions', () => {
  it('needs a session', async () => {
    expect((await call(t.app, 'GET', 'auth/sessions')).status).toBe(401);
  });

  it('lists every live session with its browser, system, device and address, this one marked and first', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    t.clock.advance(MINUTE_MS);
    const phone = await signIn(member, PHONE, '203.0.113.7');
    t.clock.advance(2 * MINUTE_MS);
    const laptop = await signIn(member, LAPTOP, '198.51.100.20');
    t.clock.advance(3 * MINUTE_MS);
    // The phone is used again: it was active after the laptop's sign-in.
    expect((await me(phone)).status).toBe(200);
    t.clock.advance(MINUTE_MS);
    const now = t.clock.now().toISOString();

    const answer = await list(laptop);
    expect(answer.body.status).toBe('success');
    const sessions = answer.body.data.sessions as Record<string, unknown>[];
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        browser: 'Chrome 131',
        os: 'Windows 10',
        device: 'Computer',
        deviceKind: 'computer',
        ip: '198.51.100.20',
        createdAt: new Date(Date.parse(now) - 4 * MINUTE_MS).toISOString(),
        // The asking session's activity is this very request.
        lastActiveAt: now,
        current: true,
      },
      {
        id: expect.any(String),
        browser: 'Mobile Safari 18',
        os: 'iOS 18.1',
        device: 'Apple iPhone',
        deviceKind: 'phone',
        ip: '203.0.113.7',
        createdAt: new Date(Date.parse(now) - 6 * MINUTE_MS).toISOString(),
        lastActiveAt: new Date(Date.parse(now) - MINUTE_MS).toISOString(),
        current: false,
      },
      {
        id: expect.any(String),
        browser: null,
        os: null,
        device: 'Unknown device',
        deviceKind: 'other',
        ip: '127.0.0.1',
        createdAt: new Date(Date.parse(now) - 7 * MINUTE_MS).toISOString(),
        lastActiveAt: new Date(Date.parse(now) - 7 * MINUTE_MS).toISOString(),
        current: false,
      },
    ]);
    // Each session sees the same list with itself marked.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.map((session) => session.id)).toEqual(sessions.map((session) => session.id));
    expect(fromPhone.map((session) => session.current)).toEqual([false, true, false]);
  });

  it('leaves out sessions ended by sign-out, by idleness and the read-only views of operators', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const idle = await signIn(member, PHONE, '203.0.113.8');
    const signedOut = await signIn(member, TABLET, '203.0.113.9');
    expect((await call(t.app, 'POST', 'auth/logout', undefined, { token: signedOut })).status).toBe(
      200,
    );
    t.clock.advance(20 * MINUTE_MS);
    expect((await me(member.token)).status).toBe(200);
    const operator = await signInOperator(t, 'viewer@sessions.example.com', 'support');
    const operatorId = (
      await call(t.app, 'GET', 'operator/auth/me', undefined, { token: operator })
    ).body.data.id as string;
    const memberId = (await me(member.token)).body.data.id as string;
    const view = await createImpersonationSession(t.ctx.database.db, {
      memberId,
      operatorId,
      now: t.clock.now(),
      ip: '10.0.0.1',
      userAgent: LAPTOP,
    });
    t.clock.advance(11 * MINUTE_MS);
    // 31 minutes without a request: the phone's session is over, as its next request says.
    const sessions = await sessionsOf(member.token);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
    expect((await me(idle)).body).toEqual(EXPIRED);

    // The operator's view reads the list, but is none of the member's devices.
    const seenByOperator = await sessionsOf(view.token);
    expect(seenByOperator.map((session) => [session.id, session.current])).toEqual([
      [sessions[0]?.id, false],
    ]);
  });
});

describe('DELETE auth/sessions/:id', () => {
  it("ends another of the member's sessions: its next request is a 401, this one goes on", async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const other = await signIn(member, PHONE, '203.0.113.10');
    const otherId = await idOf(other);
    expect((await me(other)).status).toBe(200);

    const answer = await end(member.token, otherId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ status: 'success', message: 'Session ended', data: null });

    expect((await me(other)).body).toEqual(EXPIRED);
    expect(
      (await call(t.app, 'GET', 'auth/wallet-balance', undefined, { token: other })).status,
    ).toBe(401);
    expect((await me(member.token)).status).toBe(200);
    expect((await sessionsOf(member.token)).map((session) => session.id)).not.toContain(otherId);
    // Ended is ended: a second try is the one 404.
    const again = await end(member.token, otherId);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(NOT_FOUND);
  });

  it("answers 404 for another member's session, an unknown id and a malformed one, changing nothing", async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const stranger = await signUp(t.app, t.smtp, ROOT);
    const strangersId = await idOf(stranger.token);
    for (const id of [strangersId, crypto.randomUUID(), 'not-a-session']) {
      const answer = await end(member.token, id);
      expect(answer.status, id).toBe(404);
      expect(answer.body, id).toEqual(NOT_FOUND);
    }
    expect((await me(stranger.token)).status).toBe(200);
    expect((await sessionsOf(stranger.token)).map((session) => session.id)).toEqual([strangersId]);
    expect((await me(member.token)).status).toBe(200);
  });

  it('ends the session asking, which is a sign-out', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const kept = await signIn(member, LAPTOP, '198.51.100.21');
    const answer = await end(member.token, await idOf(member.token));
    expect(answer.body).toEqual({ status: 'success', message: 'Signed out', data: null });
    expect((await me(member.token)).body).toEqual(EXPIRED);
    expect((await me(kept)).status).toBe(200);
  });
});

describe('POST auth/sessions/end-others', () => {
  it('ends every other session and keeps this one, saying how many', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const others = [
      await signIn(member, PHONE, '203.0.113.11'),
      await signIn(member, TABLET, '203.0.113.12'),
    ];
    const keeper = await signIn(member, LAPTOP, '198.51.100.22');

    const answer = await endOthers(keeper);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      status: 'success',
      message: '3 other sessions ended',
      data: { ended: 3 },
    });
    for (const token of [...others, member.token]) expect((await me(token)).body).toEqual(EXPIRED);
    const left = await sessionsOf(keeper);
    expect(left.map((session) => [session.ip, session.current])).toEqual([['198.51.100.22', true]]);

    const none = await endOthers(keeper);
    expect(none.body).toEqual({
      status: 'success',
      message: 'No other session was signed in',
      data: { ended: 0 },
    });
  });
});

describe("an operator's read-only view of the member (decision 0026)", () => {
  it('reads the sessions but ends none', async () => {
    const member = await signUp(t.app, t.smtp, ROOT);
    const memberId = (await me(member.token)).body.data.id as string;
    const operator = await signInOperator(t, 'reader@sessions.example.com', 'support');
    const operatorId = (
      await call(t.app, 'GET', 'operator/auth/me', undefined, { token: operator })
    ).body.data.id as string;
    const view = await createImpersonationSession(t.ctx.database.db, {
      memberId,
      operatorId,
      now: t.clock.now(),
      ip: '10.0.0.2',
      userAgent: LAPTOP,
    });
    const memberSession = await idOf(member.token);

    for (const answer of [await end(view.token, memberSession), await endOthers(view.token)]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        status: 'error',
        message: READ_ONLY_SESSION,
        error: 'FORBIDDEN',
      });
    }
    expect((await me(member.token)).status).toBe(200);
    // Nor does the member end the operator's view from here: it is not one of their devices.
    const [viewRow] = await queryRows<{ id: string }>(
      t.ctx.database.db,
      sql`select id from sessions where impersonated_by = ${operatorId}`,
    );
    expect((await end(member.token, viewRow!.id)).body).toEqual(NOT_FOUND);
    expect((await me(view.token)).status).toBe(200);
  });
});

describe('describeSessionDevice', () => {
  it.each([
    [
      LAPTOP,
      { browser: 'Chrome 131', os: 'Windows 10', device: 'Computer', deviceKind: 'computer' },
    ],
    [
      PHONE,
      { browser: 'Mobile Safari 18', os: 'iOS 18.1', device: 'Apple iPhone', deviceKind: 'phone' },
    ],
    [
      TABLET,
      { browser: 'Chrome 131', os: 'Android 14', device: 'Samsung SM-X710', deviceKind: 'tablet' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
      {
        browser: 'Firefox 133',
        os: 'Mac OS 10.15',
        device: 'Apple Macintosh',
        deviceKind: 'computer',
      },
    ],
    ['curl/8.5.0', { browser: null, os: null, device: 'Unknown device', deviceKind: 'other' }],
    [null, { browser: null, os: null, device: 'Unknown device', deviceKind: 'other' }],
  ])('%s', (agent, described) => {
    expect(describeSessionDevice(agent)).toEqual(described);
  });
});

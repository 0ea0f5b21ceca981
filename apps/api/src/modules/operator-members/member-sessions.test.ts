import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_NOT_FOUND,
  OPERATOR_ROLE_REFUSED,
  SESSION_EXPIRED,
  SESSION_NOT_FOUND,
  type OperatorRole,
} from '@app/contracts';
import { createOperatorSession } from '../../core/sessions/operator-sessions.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { call } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  auditOf,
  createOperators,
  notificationsOf,
  registerMember,
  type Operators,
  type Registered,
} from './test-support.ts';

// The console's view of a member's sessions (decision 0043): every role reads them, the roles
// acting on members (members.act) end them, each ending audited and told to the member.

let t: TestApp;
let ops: Operators;
const ROOT = 'RTOS2345';

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
  ops = await createOperators(t);
});
afterAll(() => t.close());

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A request to operator/<url> as the operator of `role`, in a session opened now. */
async function asOperator(
  role: OperatorRole,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
): Promise<Awaited<ReturnType<typeof call>>> {
  const token = await createOperatorSession(t.ctx.database.db, {
    operatorId: ops[role],
    now: t.clock.now(),
    ip: '127.0.0.1',
    userAgent: 'member-sessions-test',
  });
  return call(t.app, method, `operator/${url}`, undefined, { token });
}

/** A second session, a minute after the first: the list's order is the latest activity. */
async function signIn(member: Registered, userAgent: string): Promise<string> {
  t.clock.advance(MINUTE_MS);
  const answer = await call(
    t.app,
    'POST',
    'auth/login',
    { loginId: member.code, password: member.password },
    { headers: { 'user-agent': userAgent }, ip: '203.0.113.30' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.access_token as string;
}

const me = (token: string) => call(t.app, 'GET', 'auth/me', undefined, { token });
const listed = async (role: OperatorRole, member: Registered) => {
  const answer = await asOperator(role, 'GET', `members/${member.id}/sessions`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.sessions as { id: string; browser: string | null; current: boolean }[];
};
/** The security notices operators' endings wrote (a new device's sign-in writes its own). */
const operatorNotices = async (member: Registered) =>
  (await notificationsOf(t, member.id, 'security')).filter((notice) =>
    notice.message.startsWith('An operator'),
  );
const EXPIRED = { status: 'error', message: SESSION_EXPIRED, error: 'UNAUTHORIZED' };
const ROLE_REFUSED = { status: 'error', message: OPERATOR_ROLE_REFUSED, error: 'FORBIDDEN' };

describe('GET operator/members/:id/sessions', () => {
  it("lists the member's live sessions to every role, none of them current", async () => {
    const member = await registerMember(t, ROOT);
    await signIn(member, PHONE);
    for (const role of ['admin', 'finance', 'support'] as const) {
      const sessions = await listed(role, member);
      expect(sessions.map((session) => [session.browser, session.current])).toEqual([
        ['Mobile Safari 18', false],
        [null, false],
      ]);
    }
    for (const id of [crypto.randomUUID(), 'nobody']) {
      const answer = await asOperator('support', 'GET', `members/${id}/sessions`);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(MEMBER_NOT_FOUND);
    }
  });
});

describe('DELETE operator/members/:id/sessions/:sessionId', () => {
  it('ends one session for support: its next request is a 401; audited, and the member told', async () => {
    const member = await registerMember(t, ROOT);
    const phone = await signIn(member, PHONE);
    const [phoneSession] = await listed('support', member);
    expect(phoneSession?.browser).toBe('Mobile Safari 18');

    const answer = await asOperator(
      'support',
      'DELETE',
      `members/${member.id}/sessions/${phoneSession!.id}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ status: 'success', message: 'Session ended', data: null });
    expect((await me(phone)).body).toEqual(EXPIRED);
    expect((await me(member.token)).status).toBe(200);
    expect((await listed('support', member)).map((session) => session.id)).not.toContain(
      phoneSession!.id,
    );

    expect(await auditOf(t, member.id)).toEqual([
      { action: 'member.end_session', role: 'support', detail: { sessionId: phoneSession!.id } },
    ]);
    expect(await operatorNotices(member)).toEqual([
      {
        message: expect.stringMatching(
          /^An operator \(support\) signed out one of your sessions on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
        ),
        link: '/profile',
      },
    ]);
  });

  it('refuses finance (403), changing and auditing nothing', async () => {
    const member = await registerMember(t, ROOT);
    const [session] = await listed('finance', member);
    const answer = await asOperator(
      'finance',
      'DELETE',
      `members/${member.id}/sessions/${session!.id}`,
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(ROLE_REFUSED);
    const all = await asOperator('finance', 'POST', `members/${member.id}/sessions/end-all`);
    expect(all.status).toBe(403);
    expect(all.body).toEqual(ROLE_REFUSED);
    expect((await me(member.token)).status).toBe(200);
    expect(await auditOf(t, member.id)).toEqual([]);
    expect(await notificationsOf(t, member.id, 'security')).toEqual([]);
  });

  it("answers 404 for another member's session, an unknown or malformed id and an unknown member, changing nothing", async () => {
    const member = await registerMember(t, ROOT);
    const other = await registerMember(t, ROOT);
    const [othersSession] = await listed('admin', other);
    const cases = [
      [`members/${member.id}/sessions/${othersSession!.id}`, SESSION_NOT_FOUND],
      [`members/${member.id}/sessions/${crypto.randomUUID()}`, SESSION_NOT_FOUND],
      [`members/${member.id}/sessions/nothing`, SESSION_NOT_FOUND],
      [`members/${crypto.randomUUID()}/sessions/${othersSession!.id}`, MEMBER_NOT_FOUND],
    ] as const;
    for (const [url, message] of cases) {
      const answer = await asOperator('admin', 'DELETE', url);
      expect(answer.status, url).toBe(404);
      expect(answer.body, url).toEqual({ status: 'error', message, error: 'NOT_FOUND' });
    }
    expect((await me(other.token)).status).toBe(200);
    expect((await me(member.token)).status).toBe(200);
    expect(await auditOf(t, member.id)).toEqual([]);
  });
});

describe('POST operator/members/:id/sessions/end-all', () => {
  it('ends every session of the member, who may sign in again; audited with the count', async () => {
    const member = await registerMember(t, ROOT);
    const phone = await signIn(member, PHONE);
    const answer = await asOperator('admin', 'POST', `members/${member.id}/sessions/end-all`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      status: 'success',
      message: '2 sessions ended',
      data: { ended: 2 },
    });
    for (const token of [phone, member.token]) expect((await me(token)).body).toEqual(EXPIRED);
    expect(await listed('admin', member)).toEqual([]);
    expect((await me(await signIn(member, PHONE))).status).toBe(200);

    // Nothing left to end is still an action the log keeps, but nothing to tell the member.
    await asOperator('admin', 'POST', `members/${member.id}/sessions/end-all`);
    await asOperator('support', 'POST', `members/${member.id}/sessions/end-all`);
    const none = await asOperator('support', 'POST', `members/${member.id}/sessions/end-all`);
    expect(none.body).toEqual({
      status: 'success',
      message: 'No session was signed in',
      data: { ended: 0 },
    });
    expect(await auditOf(t, member.id)).toEqual([
      { action: 'member.end_sessions', role: 'admin', detail: { ended: 2 } },
      { action: 'member.end_sessions', role: 'admin', detail: { ended: 1 } },
      { action: 'member.end_sessions', role: 'support', detail: { ended: 0 } },
      { action: 'member.end_sessions', role: 'support', detail: { ended: 0 } },
    ]);
    expect(await operatorNotices(member)).toHaveLength(2);
  });
});

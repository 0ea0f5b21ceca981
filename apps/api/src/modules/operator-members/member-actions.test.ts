import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMBER_ALREADY_BLOCKED,
  MEMBER_BLOCKED_NO_VIEW,
  MEMBER_NOT_BLOCKED,
  MEMBER_NOT_FOUND,
  OPERATOR_ROLE_REFUSED,
  READ_ONLY_SESSION,
  accountBlockedMessage,
} from '@app/contracts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { buy, fundedMember, readCatalogue, snapshot, usd } from '../../testing/members.ts';
import { call } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  asOperator,
  auditOf,
  createOperators,
  notificationsOf,
  registerMember,
  type Operators,
} from './test-support.ts';

let t: TestApp;
let ops: Operators;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'ROOT2345');
  ops = await createOperators(t);
});
afterAll(() => t.close());

const signIn = (loginId: string, password: string) =>
  call(t.app, 'POST', 'auth/login', { loginId, password });
const reason = { reason: 'Reported stolen by the owner' };

describe('POST operator/members/:id/block and /unblock', () => {
  it('ends the live session at once, refuses sign-in, and unblocking lets the member back', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const before = await call(t.app, 'GET', 'auth/me', undefined, { token: member.token });
    expect(before.status).toBe(200);

    const blocked = await asOperator(
      t,
      ops,
      'support',
      'POST',
      `members/${member.id}/block`,
      reason,
    );
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    const after = await call(t.app, 'GET', 'auth/me', undefined, { token: member.token });
    // Not "session expired": the member reads that the account is blocked, and where to write.
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(accountBlockedMessage(t.ctx.config.supportEmail));
    expect(after.body.data).toMatchObject({ accountBlocked: true });
    const refused = await signIn(member.code, member.password);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ACCOUNT_BLOCKED');
    const detail = await asOperator(t, ops, 'finance', 'GET', `members/${member.id}`);
    expect(detail.body.data.profile.status).toBe('blocked');

    const again = await asOperator(t, ops, 'admin', 'POST', `members/${member.id}/block`, reason);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MEMBER_ALREADY_BLOCKED);

    const unblocked = await asOperator(t, ops, 'admin', 'POST', `members/${member.id}/unblock`, {
      reason: 'Owner proved who they are',
    });
    expect(unblocked.status).toBe(200);
    expect((await signIn(member.code, member.password)).status).toBe(200);
    const twice = await asOperator(
      t,
      ops,
      'support',
      'POST',
      `members/${member.id}/unblock`,
      reason,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(MEMBER_NOT_BLOCKED);

    expect(await auditOf(t, member.id)).toEqual([
      { action: 'member.block', role: 'support', detail: reason },
      { action: 'member.unblock', role: 'admin', detail: { reason: 'Owner proved who they are' } },
    ]);
    // Blocked members are told nothing in the app: they could not read it.
    expect(await notificationsOf(t, member.id, 'security')).toEqual([]);
  });

  it('refuses finance (403), a missing or short reason (422) and unknown members (404), changing nothing', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const finance = await asOperator(
      t,
      ops,
      'finance',
      'POST',
      `members/${member.id}/block`,
      reason,
    );
    expect(finance.status).toBe(403);
    expect(finance.body.message).toBe(OPERATOR_ROLE_REFUSED);
    for (const body of [{}, { reason: '  ab ' }, { reason: 'x'.repeat(501) }]) {
      const answer = await asOperator(
        t,
        ops,
        'support',
        'POST',
        `members/${member.id}/block`,
        body,
      );
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(answer.body)).toContain('"field":"reason"');
    }
    for (const id of [crypto.randomUUID(), 'nobody']) {
      const answer = await asOperator(t, ops, 'support', 'POST', `members/${id}/block`, reason);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(MEMBER_NOT_FOUND);
    }
    expect((await call(t.app, 'GET', 'auth/me', undefined, { token: member.token })).status).toBe(
      200,
    );
    expect(await auditOf(t, member.id)).toEqual([]);
  });
});

describe('POST operator/members/:id/resend-verification', () => {
  it("mails a fresh code as the member's own resend does, audited, within its limits", async () => {
    const member = await registerMember(t, 'ROOT2345');
    t.clock.advance(MINUTE_MS);
    const since = t.smtp.mails.length;
    const finance = await asOperator(
      t,
      ops,
      'finance',
      'POST',
      `members/${member.id}/resend-verification`,
    );
    expect(finance.status).toBe(403);

    const sent = await asOperator(
      t,
      ops,
      'support',
      'POST',
      `members/${member.id}/resend-verification`,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await t.smtp.waitFor(
      (candidate) =>
        t.smtp.mails.indexOf(candidate) >= since && candidate.to.includes(member.email),
    );
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();

    // The member's one-a-minute resend interval holds for the operator too.
    const tooSoon = await asOperator(
      t,
      ops,
      'admin',
      'POST',
      `members/${member.id}/resend-verification`,
    );
    expect(tooSoon.status).toBe(429);

    // The mailed code verifies the address; the registration code no longer does.
    const old = await call(t.app, 'POST', 'auth/otp-verify', {
      loginId: member.code,
      otp: member.otp,
    });
    expect(old.status).toBe(400);
    const verified = await call(t.app, 'POST', 'auth/otp-verify', {
      loginId: member.code,
      otp: code,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    t.clock.advance(MINUTE_MS);
    const done = await asOperator(
      t,
      ops,
      'support',
      'POST',
      `members/${member.id}/resend-verification`,
    );
    expect(done.status).toBe(409);
    expect(await auditOf(t, member.id)).toEqual([
      { action: 'member.resend_verification', role: 'support', detail: null },
    ]);
  });
});

describe('POST operator/members/:id/impersonate', () => {
  it('opens a read-only session: reads work, money moves are refused and nothing changes', async () => {
    const memberId = await fundedMember(t, usd('500'));
    const finance = await asOperator(t, ops, 'finance', 'POST', `members/${memberId}/impersonate`);
    expect(finance.status).toBe(403);

    const openedAt = t.clock.now().toISOString().replace('T', ' ').slice(0, 16);
    const opened = await asOperator(t, ops, 'support', 'POST', `members/${memberId}/impersonate`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const { accessToken, expiresAt, url } = opened.body.data as Record<string, string>;
    expect(url).toBe(`/?accessToken=${accessToken}`);
    expect(expiresAt).toBe(new Date(t.clock.now().getTime() + 15 * MINUTE_MS).toISOString());
    const token = accessToken;

    const me = await call(t.app, 'GET', 'auth/me', undefined, { token });
    expect(me.status).toBe(200);
    expect(me.body.data.readOnly).toBe(true);
    expect(
      (await call(t.app, 'GET', 'auth/wallet', undefined, { token })).body.data.fund.total,
    ).toBe(500);

    const catalogue = await readCatalogue(t);
    const untouched = await snapshot(t, memberId);
    const bought = await call(
      t.app,
      'POST',
      'package/buy-package',
      { packageId: catalogue.Starter, amount: 100 },
      { token },
    );
    expect(bought.status).toBe(403);
    expect(bought.body.message).toBe(READ_ONLY_SESSION);
    expect(await snapshot(t, memberId)).toEqual(untouched);
    const password = await call(
      t.app,
      'POST',
      'auth/change-password',
      { currentPassword: 'x', newPassword: 'y' },
      { token },
    );
    expect(password.status).toBe(403);
    // A GET that mails a code changes something too.
    const code = await call(t.app, 'GET', 'auth/send-otp?purpose=verify-email', undefined, {
      token,
    });
    expect(code.status).toBe(403);
    expect(code.body.message).toBe(READ_ONLY_SESSION);
    // Marking notices read is allowed: it changes nothing of the account.
    expect((await call(t.app, 'POST', 'notification/read', {}, { token })).status).toBe(200);

    // The member's own session is not read-only, and can buy.
    const own = await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 });
    expect(own.status).toBe(200);

    // Used or not, it ends 15 minutes after it began.
    t.clock.advance(14 * MINUTE_MS);
    expect((await call(t.app, 'GET', 'auth/me', undefined, { token })).status).toBe(200);
    t.clock.advance(MINUTE_MS);
    expect((await call(t.app, 'GET', 'auth/me', undefined, { token })).status).toBe(401);

    expect(await auditOf(t, memberId)).toEqual([
      { action: 'member.impersonate', role: 'support', detail: { expiresAt } },
    ]);
    const notices = await notificationsOf(t, memberId, 'security');
    expect(notices).toEqual([
      {
        message: `An operator (support) viewed your account on ${openedAt} UTC (read-only).`,
        link: '/profile',
      },
    ]);
  });

  it("tells the member by email, ends at sign-out, and a member's own session reads readOnly false", async () => {
    const member = await registerMember(t, 'ROOT2345');
    const since = t.smtp.mails.length;
    const opened = await asOperator(t, ops, 'admin', 'POST', `members/${member.id}/impersonate`);
    const token = opened.body.data.accessToken as string;
    const mail = await t.smtp.waitFor(
      (candidate) =>
        t.smtp.mails.indexOf(candidate) >= since &&
        candidate.to.includes(member.email) &&
        candidate.subject === 'An operator viewed your account',
    );
    expect(mail.text).toContain('An operator (admin) opened a read-only view of your account.');
    const own = await call(t.app, 'GET', 'auth/me', undefined, { token: member.token });
    expect(own.body.data.readOnly).toBe(false);
    expect((await call(t.app, 'POST', 'auth/logout', {}, { token })).status).toBe(200);
    expect((await call(t.app, 'GET', 'auth/me', undefined, { token })).status).toBe(401);
  });

  it('refuses a blocked member (409) and ends a view when the member is blocked', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const opened = await asOperator(t, ops, 'support', 'POST', `members/${member.id}/impersonate`);
    const token = opened.body.data.accessToken as string;
    await asOperator(t, ops, 'support', 'POST', `members/${member.id}/block`, reason);
    expect((await call(t.app, 'GET', 'auth/me', undefined, { token })).status).toBe(401);
    const refused = await asOperator(t, ops, 'support', 'POST', `members/${member.id}/impersonate`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MEMBER_BLOCKED_NO_VIEW);
    const unknown = await asOperator(
      t,
      ops,
      'support',
      'POST',
      `members/${crypto.randomUUID()}/impersonate`,
    );
    expect(unknown.status).toBe(404);
  });
});

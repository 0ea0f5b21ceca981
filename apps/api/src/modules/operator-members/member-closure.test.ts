import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_IS_CLOSED,
  accountClosedMessage,
  INVALID_CREDENTIALS,
  OPERATOR_ROLE_REFUSED,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { adjustMemberBalance, getMemberBalances, withTransaction } from '../../ledger/index.ts';
import { erasePersonalData } from '../../core/account-closure/erase-personal-data.ts';
import { expectReconciled } from '../../testing/ledger-assertions.ts';
import { readCatalogue, usd } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { call, tallyAnswers } from '../../testing/requests.ts';
import { settle } from '../../testing/team.ts';
import {
  createRootMember,
  createTestApp,
  TEST_START,
  type TestApp,
} from '../../testing/test-app.ts';
import {
  asOperator,
  auditOf,
  createOperators,
  registerMember,
  type Operators,
  type Registered,
} from './test-support.ts';

// The console's side of closing an account (decision 0060): a confirmation ends every session
// and refuses sign-in, saying "closed" only to the right password; two operators deciding at
// once are told apart; money that came in since the request stops it; the uplines' figures do
// not move, and a closed account is paid nothing more.

let t: TestApp;
let ops: Operators;
let secondAdmin: string;
let starter: string;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'ROOT2345');
  ops = await createOperators(t);
  await signInOperator(t, 'admin2@ops.example.com', 'admin');
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`select id from operators where email = 'admin2@ops.example.com'`,
  );
  secondAdmin = row!.id;
  starter = (await readCatalogue(t))['Starter']!;
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;

const fund = (member: Registered, amount: string, reference: string) =>
  adjustMemberBalance(db(), {
    memberId: member.id,
    wallet: 'fund',
    amount: usd(amount),
    reference,
    reason: 'test funding',
    now: t.clock.now(),
  });

const buyStarter = (member: Registered, amount: number) =>
  call(
    t.app,
    'POST',
    'package/buy-package',
    { packageId: starter, amount },
    { token: member.token, headers: { 'idempotency-key': `buy-${member.id}-${amount}` } },
  );

async function askToClose(member: Registered, body: Record<string, unknown> = {}) {
  const asked = await call(
    t.app,
    'POST',
    'auth/account-closure',
    { password: member.password, ...body },
    { token: member.token },
  );
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return asked.body.data.request.id as string;
}

const signIn = (loginId: string, password: string) =>
  call(t.app, 'POST', 'auth/login', { loginId, password });

const teamOf = async (memberId: string) =>
  (await asOperator(t, ops, 'support', 'GET', `members/${memberId}`)).body.data.team as unknown;

describe('confirming a request to close an account', () => {
  it('closes for good: sessions end, sign-in says closed only to the right password, the member is told', async () => {
    t.clock.set(TEST_START);
    const member = await registerMember(t, 'ROOT2345');
    await askToClose(member);
    const live = await call(t.app, 'GET', 'auth/me', undefined, { token: member.token });
    expect(live.status).toBe(200);

    const confirmed = await asOperator(
      t,
      ops,
      'admin',
      'POST',
      `members/${member.id}/closure/confirm`,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.request).toMatchObject({
      status: 'confirmed',
      decidedBy: 'admin@ops.example.com',
      decidedAt: TEST_START.toISOString(),
      eraseAfter: new Date(TEST_START.getTime() + 30 * DAY_MS).toISOString(),
      erasedAt: null,
    });

    // The session in hand ends, and says why: its holder had signed in to this very account.
    const ended = await call(t.app, 'GET', 'auth/me', undefined, { token: member.token });
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(accountClosedMessage(t.ctx.config.supportEmail));
    // With the data the app's notice shows, as a blocked account's (decision 0051).
    const closedData = { accountClosed: true, supportEmail: t.ctx.config.supportEmail };
    expect(ended.body.data).toEqual(closedData);
    const [sessions] = await queryRows<{ live: number }>(
      db(),
      sql`select count(*)::int as live from sessions where member_id = ${member.id} and revoked_at is null`,
    );
    expect(sessions?.live).toBe(0);

    // "Closed" only after the right password; a wrong one answers as for an id nobody has.
    const right = await signIn(member.code, member.password);
    expect(right.status).toBe(403);
    expect(right.body).toEqual({
      status: 'error',
      error: 'ACCOUNT_CLOSED',
      message: accountClosedMessage(t.ctx.config.supportEmail),
      data: closedData,
    });
    const wrong = await signIn(member.code, 'not the password');
    const nobody = await signIn('NOBODY23', 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(nobody.body);
    expect(wrong.body.message).toBe(INVALID_CREDENTIALS);
    const [attempt] = await queryRows<{ failure: string }>(
      db(),
      sql`select failure from sign_in_attempts where member_id = ${member.id}
        and result = 'failure' order by id limit 1`,
    );
    expect(attempt?.failure).toBe('account-closed');

    // Told in the app and by mail; recorded with the admin's role.
    await t.smtp.waitFor(
      (mail) => mail.to.includes(member.email) && mail.subject === 'Your account is closed',
    );
    expect((await auditOf(t, member.id)).map((row) => [row.action, row.role])).toEqual([
      ['member.close_confirm', 'admin'],
    ]);

    // Closed is final: nothing in the console reopens it, nor any statement.
    for (const action of ['block', 'unblock'] as const) {
      const answer = await asOperator(t, ops, 'admin', 'POST', `members/${member.id}/${action}`, {
        reason: 'Trying to reopen it',
      });
      expect(answer.status, action).toBe(409);
      expect(answer.body.message, action).toBe(ACCOUNT_IS_CLOSED);
    }
    const edit = await asOperator(t, ops, 'support', 'PATCH', `members/${member.id}/details`, {
      name: 'Someone Else',
      reason: 'Trying to write it back',
    });
    expect(edit.status).toBe(409);
    await expect(
      db().execute(sql`update members set status = 'active' where id = ${member.id}`),
    ).rejects.toThrow();
    const detail = await asOperator(t, ops, 'finance', 'GET', `members/${member.id}`);
    expect(detail.body.data.profile.status).toBe('closed');
  });

  it('shows every role the request beside the wallets, and lets only admins decide', async () => {
    const member = await registerMember(t, 'ROOT2345');
    await askToClose(member);
    const seen = await asOperator(t, ops, 'support', 'GET', `members/${member.id}/closure`);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      request: { status: 'pending', decidedBy: null, eraseAfter: null },
      wallets: { fund: { total: 0 }, profit: { total: 0 }, compounding: { total: 0 } },
      blockers: [],
      packages: { active: 0, remainingProfit: 0 },
    });
    for (const role of ['support', 'finance'] as const) {
      for (const action of ['confirm', 'refuse']) {
        const answer = await asOperator(
          t,
          ops,
          role,
          'POST',
          `members/${member.id}/closure/${action}`,
          { reason: 'Not mine to decide' },
        );
        expect(answer.status, `${role} ${action}`).toBe(403);
        expect(answer.body.message).toBe(OPERATOR_ROLE_REFUSED);
      }
    }
    // The console's filter lists the requests waiting.
    const waiting = await asOperator(t, ops, 'finance', 'GET', 'members?closure=requested');
    expect(waiting.body.data.data.map((row: { id: string }) => row.id)).toContain(member.id);
  });

  it('of two admins confirming at once, one wins and the other is told who did', async () => {
    const member = await registerMember(t, 'ROOT2345');
    await askToClose(member);
    const url = `operator/members/${member.id}/closure/confirm`;
    const tokens = await Promise.all(
      [ops.admin, secondAdmin].map((operatorId) =>
        call(t.app, 'POST', 'operator/auth/login', {
          email: operatorId === ops.admin ? 'admin@ops.example.com' : 'admin2@ops.example.com',
          password: 'operator-password-2026',
        }).then((answer) => answer.body.data.access_token as string),
      ),
    );
    const answers = await Promise.all(
      tokens.map((token) => call(t.app, 'POST', url, undefined, { token })),
    );
    expect(tallyAnswers(answers)).toEqual({ '200': 1, '409 CONFLICT': 1 });
    const winner = answers.find((answer) => answer.status === 200)!.body.data.request
      .decidedBy as string;
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.message).toBe(
      `This request to close the account was already confirmed by ${winner}`,
    );
    const refuse = await asOperator(
      t,
      ops,
      'admin',
      'POST',
      `members/${member.id}/closure/refuse`,
      {
        reason: 'Too late for this',
      },
    );
    expect(refuse.status).toBe(409);
    const [rows] = await queryRows<{ confirmed: number; audits: number }>(
      db(),
      sql`select (select count(*)::int from account_closures where member_id = ${member.id}
          and status = 'confirmed') as confirmed,
        (select count(*)::int from audit_log where target_id = ${member.id}
          and action = 'member.close_confirm') as audits`,
    );
    expect(rows).toEqual({ confirmed: 1, audits: 1 });
  });

  it('is refused while money came in since the request; a refusal with a reason is told to the member', async () => {
    const member = await registerMember(t, 'ROOT2345');
    const id = await askToClose(member);
    await fund(member, '12', `late-fund:${member.id}`);
    const stopped = await asOperator(
      t,
      ops,
      'admin',
      'POST',
      `members/${member.id}/closure/confirm`,
    );
    expect(stopped.status).toBe(409);
    expect(stopped.body.data.blockers).toEqual([
      { kind: 'wallet-balance', message: 'the fund wallet holds $12.00' },
    ]);
    const still = await call(t.app, 'GET', 'auth/account-closure', undefined, {
      token: member.token,
    });
    expect(still.body.data.request).toMatchObject({ id, status: 'pending' });

    const reason = 'Your fund wallet holds $12.00: withdraw it first';
    const refused = await asOperator(
      t,
      ops,
      'admin',
      'POST',
      `members/${member.id}/closure/refuse`,
      {
        reason,
      },
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const seen = await call(t.app, 'GET', 'auth/account-closure', undefined, {
      token: member.token,
    });
    expect(seen.body.data.request).toMatchObject({ id, status: 'refused', refusalReason: reason });
    const [notice] = await queryRows<{ message: string }>(
      db(),
      sql`select message from notifications where member_id = ${member.id}
        and message like 'Your request to close%'`,
    );
    expect(notice?.message).toBe(`Your request to close your account was refused: ${reason}`);
    const mail = await t.smtp.waitFor(
      (candidate) =>
        candidate.to.includes(member.email) && candidate.subject === 'Your account was not closed',
    );
    expect(mail.text).toContain(reason);
    expect((await auditOf(t, member.id)).map((row) => row.action)).toEqual(['member.close_refuse']);
    expect((await signIn(member.code, member.password)).status).toBe(200);
  });

  it("leaves the uplines' figures as they were, and pays the closed account nothing more", async () => {
    t.clock.set(new Date(TEST_START.getTime() + 2 * DAY_MS));
    const upline = await registerMember(t, 'ROOT2345');
    const member = await registerMember(t, upline.code);
    const downline = await registerMember(t, member.code);
    await fund(upline, '100', `team-upline:${upline.id}`);
    await fund(member, '100', `team-member:${member.id}`);
    expect((await buyStarter(upline, 100)).status).toBe(200);
    expect((await buyStarter(member, 100)).status).toBe(200);
    await settle(t);
    const before = await teamOf(upline.id);

    const closureId = await askToClose(member, { givesUpPackages: true });
    const confirmed = await asOperator(
      t,
      ops,
      'admin',
      'POST',
      `members/${member.id}/closure/confirm`,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await teamOf(upline.id)).toEqual(before);

    // The downline buys: the closed member (level 1) is recorded as not paid, the upline
    // (level 2, with the closed member still an active direct) is paid as before.
    await fund(downline, '200', `team-downline:${downline.id}`);
    expect((await buyStarter(downline, 200)).status).toBe(200);
    await settle(t);
    const incomes = await queryRows<{ member_id: string; status: string; reason: string | null }>(
      db(),
      sql`select member_id, status, reason from incomes where source_member_id = ${downline.id}
        and member_id in (${member.id}, ${upline.id}) order by level`,
    );
    expect(incomes).toEqual([
      { member_id: member.id, status: 'not-paid', reason: 'account-closed' },
      { member_id: upline.id, status: 'paid', reason: null },
    ]);
    const wallets = await getMemberBalances(db(), member.id);
    for (const wallet of Object.values(wallets))
      expect(wallet).toEqual({ balance: 0n, held: 0n, available: 0n });
    const [notices] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where member_id = ${member.id}
        and message like '%credited%'`,
    );
    expect(notices?.n).toBe(0);

    // Erasing the personal data later (the retention run's step) moves nothing either.
    const later = new Date(t.clock.now().getTime() + 31 * DAY_MS);
    t.clock.set(later);
    const atErasure = await teamOf(upline.id);
    await withTransaction(db(), (tx) =>
      erasePersonalData(tx, { id: closureId, memberId: member.id }, 'not-a-hash', later),
    );
    const [erased] = await queryRows<{ name: string }>(
      db(),
      sql`select name from members where id = ${member.id}`,
    );
    expect(erased?.name).toBe('Closed member');
    expect(await teamOf(upline.id)).toEqual(atErasure);
    await expectReconciled(db());
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CLOSURE_ALREADY_REQUESTED,
  CLOSURE_NOT_FOUND,
  closureBlockedMessage,
  CURRENT_PASSWORD_WRONG,
  givesUpPackagesMessage,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { adjustMemberBalance, getMemberBalances } from '../../ledger/index.ts';
import { readCatalogue, usd } from '../../testing/members.ts';
import { call, signUp, type SignedUp } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';

// The member's side of closing the account (decision 0060): what stops it is named and changes
// nothing, active packages need the member's word, a request can be cancelled, and another
// member's request is out of sight.

let t: TestApp;
let starter: string;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'ROOT2345');
  starter = (await readCatalogue(t))['Starter']!;
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
type Member = SignedUp & { id: string };

async function newMember(): Promise<Member> {
  const signed = await signUp(t.app, t.smtp, 'ROOT2345');
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`select id from members where referral_code = ${signed.code}`,
  );
  return { ...signed, id: row!.id };
}

const fund = (member: Member, amount: string, reference: string) =>
  adjustMemberBalance(db(), {
    memberId: member.id,
    wallet: 'fund',
    amount: usd(amount),
    reference,
    reason: 'test funding',
    now: t.clock.now(),
  });

const closure = (member: Member) =>
  call(t.app, 'GET', 'auth/account-closure', undefined, { token: member.token });
const askToClose = (member: Member, body: Record<string, unknown> = {}) =>
  call(
    t.app,
    'POST',
    'auth/account-closure',
    { password: member.password, ...body },
    { token: member.token },
  );

/** What a refused request must leave as it was. */
async function traces(member: Member) {
  const [row] = await queryRows<{ closures: number; audits: number; notes: number; mails: number }>(
    db(),
    sql`select
      (select count(*)::int from account_closures where member_id = ${member.id}) as closures,
      (select count(*)::int from audit_log where target_id = ${member.id}) as audits,
      (select count(*)::int from notifications where member_id = ${member.id}) as notes,
      (select count(*)::int from mail_outbox where recipient = ${member.email}) as mails`,
  );
  return { ...row, balances: await getMemberBalances(db(), member.id) };
}

describe('asking to close the account', () => {
  it('is refused while a wallet holds money or a deposit is open, naming each, and changes nothing', async () => {
    const member = await newMember();
    await fund(member, '12', `closure-fund:${member.id}`);
    const deposit = await call(
      t.app,
      'POST',
      'secure/create',
      { amount: '25', provider: 'manual', txHash: 'e'.repeat(64) },
      { token: member.token, headers: { 'idempotency-key': `closure-deposit-${member.id}` } },
    );
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const blockers = [
      { kind: 'wallet-balance', message: 'the fund wallet holds $12.00' },
      { kind: 'pending-deposit', message: 'a deposit is still pending' },
    ];
    expect((await closure(member)).body.data).toMatchObject({ request: null, blockers });

    const before = await traces(member);
    const refused = await askToClose(member);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'error',
      error: 'CONFLICT',
      message: closureBlockedMessage(blockers as never),
      data: { blockers },
    });
    expect(refused.body.message).toBe(
      'The account cannot be closed yet: the fund wallet holds $12.00; a deposit is still pending. Withdraw what is left and let open requests finish, or ask support to settle it.',
    );
    expect(await traces(member)).toEqual(before);
  });

  it('names money under the withdrawal minimum as such, for support to settle', async () => {
    const member = await newMember();
    await fund(member, '3.5', `closure-small:${member.id}`);
    const refused = await askToClose(member);
    expect(refused.status).toBe(409);
    expect(refused.body.data.blockers).toEqual([
      {
        kind: 'wallet-balance',
        message: 'the fund wallet holds $3.50, under the withdrawal minimum',
      },
    ]);
  });

  it('refuses a wrong password on its field, before anything else', async () => {
    const member = await newMember();
    await fund(member, '12', `closure-wrong:${member.id}`);
    const wrong = await askToClose(member, { password: 'not my password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message[0].validation_results).toEqual([
      { field: 'password', reason: CURRENT_PASSWORD_WRONG },
    ]);
  });

  it('asks for the word of a member whose packages still earn, then takes the request', async () => {
    const member = await newMember();
    await fund(member, '100', `closure-buy:${member.id}`);
    const bought = await call(
      t.app,
      'POST',
      'package/buy-package',
      { packageId: starter, amount: 100 },
      { token: member.token, headers: { 'idempotency-key': `closure-buy-${member.id}` } },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    // Starter pays 0.30 % a day for 365 days: $0.30 × 365 still to come.
    const packages = { active: 1, remainingProfit: 109.5 };
    expect((await closure(member)).body.data).toMatchObject({ blockers: [], packages });

    const unsure = await askToClose(member);
    expect(unsure.status).toBe(422);
    expect(unsure.body.message[0].validation_results).toEqual([
      { field: 'givesUpPackages', reason: givesUpPackagesMessage(packages, '$109.50') },
    ]);
    expect((await traces(member)).closures).toBe(0);

    const asked = await askToClose(member, { givesUpPackages: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.request).toMatchObject({
      status: 'pending',
      decidedAt: null,
      refusalReason: null,
    });
    expect(asked.body.data.retentionDays).toBe(30);
    const again = await askToClose(member, { givesUpPackages: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CLOSURE_ALREADY_REQUESTED);

    // Recorded without an operator, told to the member in the app and by mail, and to admins.
    const [audit] = await queryRows<{ operator_id: string | null; detail: unknown }>(
      db(),
      sql`select operator_id, detail from audit_log
        where action = 'member.close_request' and target_id = ${member.id}`,
    );
    expect(audit).toEqual({
      operator_id: null,
      detail: {
        closureId: asked.body.data.request.id,
        activePackages: 1,
        givenUpProfit: '109.5',
      },
    });
    const mail = await t.smtp.waitFor(
      (candidate) =>
        candidate.to.includes(member.email) &&
        candidate.subject === 'We received your request to close your account',
    );
    expect(mail.text).toContain('$109.50 of profit still to come is given up');
    const admins = await queryRows<{ message: string }>(
      db(),
      sql`select n.message || '|' || m.name || ' (' || m.referral_code || ')' as message
        from operator_notifications n join members m on m.id::text = n.target_id
        where n.audience = 'admin' and n.target_type = 'member' and n.target_id = ${member.id}`,
    );
    expect(admins).toHaveLength(1);
    const [message, who] = admins[0]!.message.split('|');
    expect(message).toBe(`${who} asked to close their account`);
  });

  it("cancels its own request; another member's request answers 404 as a missing one", async () => {
    const member = await newMember();
    const other = await newMember();
    const asked = await askToClose(member);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const id = asked.body.data.request.id as string;

    // Out of another member's sight: not in their status, and not theirs to cancel.
    expect((await closure(other)).body.data.request).toBeNull();
    const theirs = await call(t.app, 'POST', `auth/account-closure/${id}/cancel`, undefined, {
      token: other.token,
    });
    const missing = await call(
      t.app,
      'POST',
      `auth/account-closure/${crypto.randomUUID()}/cancel`,
      undefined,
      { token: other.token },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.message).toBe(CLOSURE_NOT_FOUND);

    const cancelled = await call(t.app, 'POST', `auth/account-closure/${id}/cancel`, undefined, {
      token: member.token,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.request).toMatchObject({ id, status: 'cancelled' });
    const twice = await call(t.app, 'POST', `auth/account-closure/${id}/cancel`, undefined, {
      token: member.token,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This request no longer waits: it was already cancelled');
    // A new request may follow a cancelled one.
    expect((await askToClose(member)).status).toBe(200);
  });
});

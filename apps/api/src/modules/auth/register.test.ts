import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { call, registration } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { otpFrom } from '../../testing/smtp-sink.ts';

let t: TestApp;
const ROOT = 'ROOT2345';

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, ROOT);
});
afterAll(() => t.close());

const counts = async () => {
  const [row] = await queryRows<{
    members: number;
    accounts: number;
    tree: number;
    otps: number;
    notes: number;
  }>(
    t.ctx.database.db,
    sql`select (select count(*)::int from members) as members, (select count(*)::int from accounts where member_id is not null) as accounts,
        (select count(*)::int from member_tree) as tree, (select count(*)::int from otps) as otps, (select count(*)::int from notifications) as notes`,
  );
  return row;
};

const reasons = (body: Record<string, any>) =>
  Object.fromEntries(
    (body.message[0].validation_results as Array<{ field: string; reason: string }>).map((r) => [
      r.field,
      r.reason,
    ]),
  );

describe('POST auth/register', () => {
  it('creates the member under the sponsor with wallets, a welcome note and a mailed code', async () => {
    const body = registration(ROOT.toLowerCase(), {
      email: 'New.Person@Example.com',
      name: '  New Person ',
    });
    const response = await call(t.app, 'POST', 'auth/register', body);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
    const code = response.body.data.referral_code as string;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(response.body.message).toContain(code);

    const [member] = await queryRows<{
      id: string;
      name: string;
      email: string;
      sponsor: string;
      verified: unknown;
    }>(
      t.ctx.database.db,
      sql`select m.id, m.name, m.email, s.referral_code as sponsor, m.email_verified_at as verified from members m join members s on s.id = m.sponsor_id where m.referral_code = ${code}`,
    );
    expect(member).toMatchObject({
      name: 'New Person',
      email: 'new.person@example.com',
      sponsor: ROOT,
      verified: null,
    });
    const accounts = await queryRows<{ kind: string }>(
      t.ctx.database.db,
      sql`select kind from accounts where member_id = ${member!.id} order by kind`,
    );
    expect(accounts.map((a) => a.kind)).toEqual(['compounding', 'fund', 'profit']);
    const notes = await queryRows<{ message: string }>(
      t.ctx.database.db,
      sql`select message from notifications where member_id = ${member!.id}`,
    );
    expect(notes[0]?.message).toMatch(/^Welcome New Person/);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes('new.person@example.com') && m.subject.startsWith('Your code'),
    );
    expect(otpFrom(mail)).toMatch(/^\d{6}$/);
  });

  it('mails a welcome with the Registered ID and the sign-in link, after the code', async () => {
    const email = 'welcome.member@example.com';
    const response = await call(
      t.app,
      'POST',
      'auth/register',
      registration(ROOT, { email, name: 'Wendy Welcome' }),
    );
    expect(response.status).toBe(200);
    const code = response.body.data.referral_code as string;
    const welcome = await t.smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Welcome to Member Invest',
    );
    expect(welcome.text).toContain('Welcome, Wendy Welcome!');
    expect(welcome.text).toContain(`Your Registered ID is ${code}.`);
    const link = new URL(/(https?:\/\/\S+)/.exec(welcome.text)?.[1] ?? '');
    expect(link.origin).toBe(new URL(t.ctx.config.publicUrl).origin);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('referralCode')).toBe(code);
    const mine = t.smtp.mails.filter((m) => m.to.includes(email));
    expect(mine.map((m) => /\b\d{6}\b/.test(m.subject))).toEqual([true, false]);
    const kinds = await queryRows<{ kind: string }>(
      t.ctx.database.db,
      sql`select kind from mail_outbox where recipient = ${email} order by kind`,
    );
    expect(kinds.map((row) => row.kind)).toEqual(['code:verify-email', 'welcome']);
  });

  it('writes no welcome mail when the registration is refused', async () => {
    const email = 'refused.welcome@example.com';
    const response = await call(
      t.app,
      'POST',
      'auth/register',
      registration('ZZZZ2345', { email }),
    );
    expect(response.status).toBe(422);
    const rows = await queryRows(
      t.ctx.database.db,
      sql`select 1 from mail_outbox where recipient = ${email}`,
    );
    expect(rows).toEqual([]);
  });

  it.each([
    ['a German number with its trunk 0', '+49 0151 1234 5678', '+4915112345678'],
    ['a US number', '+1 201-555-0123', '+12015550123'],
    ['an Indian number, exactly as before', '+919876543210', '+919876543210'],
  ])('registers %s: %j is kept as %j', async (_, sent, stored) => {
    const email = `mobile.${stored.slice(1)}@example.com`;
    const response = await call(
      t.app,
      'POST',
      'auth/register',
      registration(ROOT, { email, mobile_number: sent }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const code = response.body.data.referral_code as string;
    const login = await call(t.app, 'POST', 'auth/login', {
      loginId: code,
      password: 'correct horse battery',
    });
    expect(login.body.data.user.mobile).toBe(stored);
    const me = await call(t.app, 'GET', 'auth/me', undefined, {
      token: login.body.data.access_token as string,
    });
    expect(me.body.data.mobile).toBe(stored);
  });

  it('places the member in the tree below every ancestor of the sponsor', async () => {
    const first = await call(t.app, 'POST', 'auth/register', registration(ROOT));
    const second = await call(
      t.app,
      'POST',
      'auth/register',
      registration(first.body.data.referral_code),
    );
    const rows = await queryRows<{ ancestor: string; depth: number }>(
      t.ctx.database.db,
      sql`select a.referral_code as ancestor, t.depth from member_tree t join members a on a.id = t.ancestor_id join members d on d.id = t.descendant_id
          where d.referral_code = ${second.body.data.referral_code} order by t.depth`,
    );
    expect(rows).toEqual([
      { ancestor: first.body.data.referral_code, depth: 1 },
      { ancestor: ROOT, depth: 2 },
    ]);
  });

  it('names every missing field with the contract message and writes nothing', async () => {
    const before = await counts();
    for (const body of [
      undefined,
      {},
      { referralCode: '', name: '', email: '', password: '', mobile_number: '' },
      { referralCode: null, name: 5, email: [], password: {}, mobile_number: true },
    ]) {
      const response = await call(t.app, 'POST', 'auth/register', body);
      expect(response.status).toBe(422);
      expect(response.body.status).toBe('error');
      expect(reasons(response.body)).toEqual({
        referralCode: 'Invitation id is required',
        name: 'Name is required',
        email: 'Email id is required',
        password: 'Password is required',
        mobile_number: 'Mobile is required',
      });
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Enter valid Email id.'],
    ['email', { email: 'a@b.toolong' }, 'Enter valid Email id.'],
    ['mobile_number', { mobile_number: '+915876543210' }, 'Enter valid Mobile.'],
    ['mobile_number', { mobile_number: '9876543210' }, 'Enter valid Mobile.'],
    ['mobile_number', { mobile_number: '+91987654321' }, 'Enter valid Mobile.'],
    ['mobile_number', { mobile_number: '+4912345' }, 'Mobile is not a valid number for Germany'],
    [
      'mobile_number',
      { mobile_number: '+19876543210' },
      'Mobile is not a valid number for United States',
    ],
    ['mobile_number', { mobile_number: '+999123456789' }, 'Enter valid Mobile.'],
    ['referralCode', { referralCode: 'NOPE' }, 'Enter valid Invitation id.'],
    ['name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['password', { password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    ['password', { password: 'password123' }, 'This password is too common; choose another'],
    ['referralCode', { referralCode: 'ZZZZ2345' }, 'Invitation id does not exist'],
  ])('refuses a bad %s (%j) and writes nothing', async (field, override, reason) => {
    const before = await counts();
    const response = await call(t.app, 'POST', 'auth/register', registration(ROOT, override));
    expect(response.status).toBe(422);
    expect(reasons(response.body)[field]).toBe(reason);
    expect(await counts()).toEqual(before);
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    await call(t.app, 'POST', 'auth/register', registration(ROOT, { email: 'taken@example.com' }));
    const before = await counts();
    const response = await call(
      t.app,
      'POST',
      'auth/register',
      registration(ROOT, { email: 'TAKEN@example.com' }),
    );
    expect(response.status).toBe(422);
    expect(reasons(response.body)).toEqual({ email: 'Email id is already registered' });
    expect(await counts()).toEqual(before);
  });

  it('ignores fields a member may not set', async () => {
    const response = await call(t.app, 'POST', 'auth/register', {
      ...registration(ROOT),
      verified: true,
      balance: 1_000_000,
      role: 'admin',
      sponsor: 'SOMEONE',
      status: 'blocked',
    });
    expect(response.status).toBe(200);
    const [row] = await queryRows<{ verified: unknown; status: string; balance: string }>(
      t.ctx.database.db,
      sql`select m.email_verified_at as verified, m.status, (select sum(balance)::text from accounts a where a.member_id = m.id) as balance
          from members m where referral_code = ${response.body.data.referral_code}`,
    );
    expect(row).toEqual({ verified: null, status: 'active', balance: '0' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await call(t.app, 'POST', 'auth/register', '{"referralCode":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'error',
      message: 'The request body is not valid JSON',
      error: 'BAD_REQUEST',
    });
  });
});

describe('GET auth/get-refer', () => {
  it('gives only the name of an existing sponsor, case-insensitively', async () => {
    const response = await call(t.app, 'GET', `auth/get-refer?referralCode=${ROOT.toLowerCase()}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ name: 'Root Member' });
  });

  it('answers 404 for an unknown code and 422 for a malformed or missing one', async () => {
    expect((await call(t.app, 'GET', 'auth/get-refer?referralCode=ZZZZ2345')).status).toBe(404);
    const malformed = await call(t.app, 'GET', 'auth/get-refer?referralCode=bad!');
    expect(malformed.status).toBe(422);
    expect(reasons(malformed.body)).toEqual({ referralCode: 'Enter valid Invitation id.' });
    expect(reasons((await call(t.app, 'GET', 'auth/get-refer')).body)).toEqual({
      referralCode: 'Invitation id is required',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MEMBER_NOT_FOUND, OPERATOR_ROLE_REFUSED } from '@app/contracts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { buy, fundedMember, readCatalogue, usd } from '../../testing/members.ts';
import { call } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  asOperator,
  createOperators,
  registerMember,
  type Operators,
  type Registered,
} from './test-support.ts';

let t: TestApp;
let ops: Operators;
let alice: Registered;
let bob: Registered;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'ROOT2345');
  ops = await createOperators(t);
  t.clock.advance(MINUTE_MS);
  alice = await registerMember(t, 'ROOT2345', {
    name: 'Alice Zephyrine',
    email: 'Alice.Search@Example.com',
    mobile_number: '+447912345678',
  });
  t.clock.advance(MINUTE_MS);
  bob = await registerMember(t, alice.code, { name: 'Bob Quillfeather' });
});
afterAll(() => t.close());

const search = async (q: string, role: 'admin' | 'finance' | 'support' = 'support') => {
  const answer = await asOperator(t, ops, role, 'GET', `members?q=${encodeURIComponent(q)}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { data: { referralCode: string }[]; total: number };
};
const codes = (page: { data: { referralCode: string }[] }) =>
  page.data.map((item) => item.referralCode);

describe('GET operator/members', () => {
  it('finds a member by Registered ID in any case, the start of a name, email and mobile', async () => {
    expect(codes(await search(alice.code.toLowerCase()))).toEqual([alice.code]);
    expect(codes(await search('alice zeph'))).toEqual([alice.code]);
    expect(codes(await search('BOB Q'))).toEqual([bob.code]);
    expect(codes(await search('ALICE.SEARCH@example.COM'))).toEqual([alice.code]);
    expect(codes(await search('+447912345678'))).toEqual([alice.code]);
    expect(codes(await search('44 7912 345 678'))).toEqual([alice.code]);
  });

  it('matches neither the middle of a name nor part of an email, and LIKE signs match themselves', async () => {
    for (const q of ['Zephyrine', 'alice.search', '%', '_lice', '7912345678']) {
      expect(await search(q), q).toMatchObject({ data: [], total: 0 });
    }
  });

  it('lists everyone newest first with the sponsor code when there is no search', async () => {
    const page = await search('', 'finance');
    expect(codes(page)).toEqual([bob.code, alice.code, 'ROOT2345']);
    expect(page.total).toBe(3);
    expect(page.data[0]).toEqual({
      id: bob.id,
      referralCode: bob.code,
      name: 'Bob Quillfeather',
      email: bob.email,
      mobile: '+919876543210',
      status: 'active',
      emailVerified: false,
      joinedAt: t.clock.now().toISOString(),
      sponsorCode: alice.code,
    });
    const paged = await asOperator(t, ops, 'admin', 'GET', 'members?page=2&pageSize=2');
    expect(codes(paged.body.data)).toEqual(['ROOT2345']);
  });

  it('names the field of a bad query', async () => {
    const answer = await asOperator(t, ops, 'admin', 'GET', `members?q=${'x'.repeat(101)}`);
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain('Search');
  });
});

describe('GET operator/members/:id and its lists', () => {
  it('answers 404 for an unknown or malformed id on every member route', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      for (const suffix of ['', '/packages', '/ledger', '/team?level=1']) {
        const answer = await asOperator(t, ops, 'admin', 'GET', `members/${id}${suffix}`);
        expect(answer.status, `${id}${suffix}`).toBe(404);
        expect(answer.body.message).toBe(MEMBER_NOT_FOUND);
      }
    }
  });

  it('reads the dial code of a number of any length from its calling code', async () => {
    const berlin = await registerMember(t, 'ROOT2345', {
      name: 'Greta Berlin',
      email: 'greta.berlin@example.com',
      mobile_number: '+49 151 12345678',
    });
    const detail = await asOperator(t, ops, 'support', 'GET', `members/${berlin.id}`);
    expect(detail.body.data.profile).toMatchObject({
      mobile: '+4915112345678',
      dialCode: '+49',
    });
  });

  it("shows the profile, wallets, packages and the team as the member's own screen counts it", async () => {
    const detail = await asOperator(t, ops, 'support', 'GET', `members/${alice.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.profile).toMatchObject({
      referralCode: alice.code,
      name: 'Alice Zephyrine',
      email: 'alice.search@example.com',
      mobile: '+447912345678',
      dialCode: '+44',
      sponsorCode: 'ROOT2345',
      sponsorName: 'Root Member',
      payoutAddress: null,
      emailVerified: false,
    });
    const own = await call(t.app, 'GET', 'auth/team-info', undefined, { token: alice.token });
    expect(detail.body.data.team).toEqual(own.body.data);
    expect(detail.body.data.team.direct).toBe(1);
    const level = await asOperator(t, ops, 'finance', 'GET', `members/${alice.id}/team?level=1`);
    expect(level.body.data.data.map((row: { referralCode: string }) => row.referralCode)).toEqual([
      bob.code,
    ]);
    expect(level.body.data.total).toBe(1);
    const badLevel = await asOperator(t, ops, 'admin', 'GET', `members/${alice.id}/team?level=11`);
    expect(badLevel.status).toBe(422);
  });

  it('reads packages for every role, the ledger for the money roles only', async () => {
    // A member of its own on an app of its own: in the shared app it would join the list of
    // everyone that the case above reads in full.
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const ops = await createOperators(t);
    const memberId = await fundedMember(t, usd('500'));
    const catalogue = await readCatalogue(t);
    expect((await buy(t, memberId, { packageId: catalogue.Starter, amount: 100 })).status).toBe(
      200,
    );
    const detail = await asOperator(t, ops, 'finance', 'GET', `members/${memberId}`);
    expect(detail.body.data.packages).toEqual({ active: 1, amount: 100 });
    expect(detail.body.data.wallets.fund).toEqual({ available: 400, held: 0, total: 400 });
    for (const role of ['admin', 'finance', 'support'] as const) {
      const packages = await asOperator(t, ops, role, 'GET', `members/${memberId}/packages`);
      expect(packages.status, role).toBe(200);
      expect(packages.body.data.data).toHaveLength(1);
      expect(packages.body.data.data[0]).toMatchObject({ name: 'Starter', amount: 100 });
    }
    for (const role of ['admin', 'finance'] as const) {
      const ledger = await asOperator(t, ops, role, 'GET', `members/${memberId}/ledger`);
      expect(ledger.status, role).toBe(200);
      expect(ledger.body.data.total).toBe(2);
      expect(ledger.body.data.data[0]).toMatchObject({ kind: 'package-purchase', amount: -100 });
    }
    const bought = await asOperator(
      t,
      ops,
      'finance',
      'GET',
      `members/${memberId}/ledger?kind=adjustment`,
    );
    expect(bought.body.data.data.map((line: { kind: string }) => line.kind)).toEqual([
      'adjustment',
    ]);
    const support = await asOperator(t, ops, 'support', 'GET', `members/${memberId}/ledger`);
    expect(support.status).toBe(403);
    expect(support.body.message).toBe(OPERATOR_ROLE_REFUSED);
  });
});

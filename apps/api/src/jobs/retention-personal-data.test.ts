import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVALID_CREDENTIALS } from '@app/contracts';
import { queryRows } from '../db/client.ts';
import { DAY_MS, HOUR_MS } from '../lib/clock.ts';
import { adjustMemberBalance } from '../ledger/index.ts';
import { jpegWithGps } from '../core/member-files/test-files.ts';
import { expectReconciled } from '../testing/ledger-assertions.ts';
import { readCatalogue, tokenOf, usd } from '../testing/members.ts';
import { signInOperator } from '../testing/operators.ts';
import { call, signUp } from '../testing/requests.ts';
import { createRootMember, createTestApp, TEST_START, type TestApp } from '../testing/test-app.ts';
import { approve, asOperator, submitAll, upload } from '../testing/verification.ts';
import { runRetention } from './retention-run.ts';

// The retention run's personal data (decision 0060): a closed account's personal data is gone
// after its period, from every table, while its money stays under its id and the books still
// reconcile; rejected and replaced identity documents go after theirs, and not a day before.

let t: TestApp;
let starter: string;

beforeAll(async () => {
  t = await createTestApp();
  await createRootMember(t.ctx.database, 'ROOT2345');
  starter = (await readCatalogue(t))['Starter']!;
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const day = (days: number, hours = 0) =>
  new Date(TEST_START.getTime() + days * DAY_MS + hours * HOUR_MS);

/** Each table's rows that hold any of `needles`, as the table names them (its JSON text). */
async function rowsHolding(needles: string[]): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db(),
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  expect(tables.length).toBeGreaterThan(40);
  const patterns = needles.map((needle) => `%${needle.toLowerCase()}%`);
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const table = sql.identifier(name);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ${table} x where ${sql.join(
        patterns.map((pattern) => sql`lower(row_to_json(x)::text) like ${pattern}`),
        sql` or `,
      )}`,
    );
    if (row && row.n > 0) found[name] = row.n;
  }
  return found;
}

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db(), query))[0]?.n ?? 0;

describe('a closed account after its retention period', () => {
  it('keeps no personal field anywhere, while its money stays under its id and the books reconcile', async () => {
    t.clock.set(day(400));
    const name = 'Zarina Quell';
    const mobile = '+447911123456';
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const signed = await signUp(t.app, t.smtp, 'ROOT2345', { name, mobile_number: mobile });
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from members where referral_code = ${signed.code}`,
    );
    const memberId = row!.id;
    await db().execute(sql`update members set payout_address = ${address} where id = ${memberId}`);
    const needles = [name, signed.email, mobile, mobile.slice(1), address];
    const emailLocal = signed.email.split('@')[0]!;

    // A history: money in, a package, identity documents, a ticket with an image and an answer.
    await adjustMemberBalance(db(), {
      memberId,
      wallet: 'fund',
      amount: usd('150'),
      reference: `erasure-fund:${memberId}`,
      reason: 'test funding',
      now: t.clock.now(),
    });
    const bought = await call(
      t.app,
      'POST',
      'package/buy-package',
      { packageId: starter, amount: 100 },
      { token: signed.token, headers: { 'idempotency-key': `erasure-buy-${memberId}` } },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await submitAll(t, memberId);
    const ticket = await call(
      t.app,
      'POST',
      'ticket/create',
      { subject: `Refund for ${name}`, message: `Hello, this is ${name}, mobile ${mobile}.` },
      { token: signed.token },
    );
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const ticketId = ticket.body.data.id as string;
    const image = await t.app.inject({
      method: 'POST',
      url: `/api/v1/ticket/attachment?ticketId=${ticketId}`,
      payload: await jpegWithGps(),
      headers: {
        authorization: `Bearer ${await tokenOf(t, memberId)}`,
        'content-type': 'application/octet-stream',
      },
    });
    expect(image.statusCode, image.body).toBe(200);
    const answered = await call(
      t.app,
      'POST',
      `operator/tickets/${ticketId}/answer`,
      { message: `Dear ${name}, we are looking into it.` },
      { token: await signInOperator(t, 'support@ops.example.com', 'support') },
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    // Support settles what is left in the fund wallet; the package's profit is given up.
    await adjustMemberBalance(db(), {
      memberId,
      wallet: 'fund',
      amount: -usd('50'),
      reference: `erasure-settle:${memberId}`,
      reason: 'settled before closing',
      now: t.clock.now(),
    });
    const asked = await call(
      t.app,
      'POST',
      'auth/account-closure',
      { password: signed.password, givesUpPackages: true },
      { token: signed.token },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const confirmed = await call(
      t.app,
      'POST',
      `operator/members/${memberId}/closure/confirm`,
      undefined,
      { token: await signInOperator(t, 'admin@ops.example.com', 'admin') },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    await t.mailsDelivered();
    const ledger = sql`select count(*)::int as n from postings p join accounts a on a.id = p.account_id
      where a.member_id = ${memberId}`;
    const postings = await count(ledger);
    expect(postings).toBeGreaterThanOrEqual(3);
    expect(Object.keys(await rowsHolding(needles))).toEqual(
      expect.arrayContaining(['members', 'tickets', 'ticket_messages']),
    );

    // A day before the period ends nothing is erased; the day after, everything is.
    const early = await runRetention(db(), day(429), { batchSize: 2 });
    expect(early?.personalData.closedAccounts).toBe(0);
    expect((await rowsHolding([name])).members).toBe(1);
    const run = await runRetention(db(), day(431), { batchSize: 2 });
    expect(run?.personalData.closedAccounts).toBe(1);

    // Nowhere: not the member's row, verification, files, tickets, sessions, mails, the feed.
    expect(await rowsHolding([...needles, emailLocal])).toEqual({});
    const [member] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select name, email, mobile, payout_address, email_verified_at, status, referral_code
        from members where id = ${memberId}`,
    );
    expect(member).toEqual({
      name: 'Closed member',
      email: `closed-${memberId}@closed.invalid`,
      mobile: '',
      payout_address: null,
      email_verified_at: null,
      status: 'closed',
      referral_code: signed.code,
    });
    for (const table of [
      'member_files',
      'verification_documents',
      'verification_submissions',
      'sessions',
      'sign_in_attempts',
      'notifications',
    ])
      expect(
        await count(
          sql`select count(*)::int as n from ${sql.identifier(table)} where member_id = ${memberId}`,
        ),
        table,
      ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from ticket_attachments where ticket_id = ${ticketId}`,
      ),
    ).toBe(0);
    // The thread keeps its shape (who wrote when), not its words.
    const thread = await queryRows<{ author: string; message: string }>(
      db(),
      sql`select author, message from ticket_messages where ticket_id = ${ticketId} order by created_at, id`,
    );
    expect(thread).toEqual([
      { author: 'member', message: 'Erased when the account was closed' },
      { author: 'operator', message: 'Erased when the account was closed' },
    ]);

    // The old password opens nothing and says nothing: the answer of an id nobody has.
    const signIn = await call(t.app, 'POST', 'auth/login', {
      loginId: signed.code,
      password: signed.password,
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(INVALID_CREDENTIALS);

    // The money stays under the member's id, and the books still add up.
    expect(await count(ledger)).toBe(postings);
    await expectReconciled(db());
    const audit = await queryRows<{ operator_id: string | null; detail: Record<string, unknown> }>(
      db(),
      sql`select operator_id, detail from audit_log where action = 'member.erase_personal_data'
        and target_id = ${memberId}`,
    );
    expect(audit).toEqual([
      {
        operator_id: null,
        detail: { closureId: asked.body.data.request.id, files: 4, submissions: 1, tickets: 1 },
      },
    ]);
    const closure = await call(t.app, 'GET', `operator/members/${memberId}/closure`, undefined, {
      token: await signInOperator(t, 'support@ops.example.com', 'support'),
    });
    expect(closure.body.data.request.erasedAt).toBe(day(431).toISOString());

    // A second run the same day erases nothing more.
    expect(await runRetention(db(), day(431, 1), { batchSize: 2 })).toBeNull();
  });
});

describe('rejected and replaced identity documents', () => {
  it('are deleted after 90 days and not before; accepted ones and the decision stay', async () => {
    t.clock.set(day(100));
    const rejectedMember = (
      await queryRows<{ id: string }>(
        db(),
        sql`select id from members where referral_code = ${
          (await signUp(t.app, t.smtp, 'ROOT2345')).code
        }`,
      )
    )[0]!.id;
    const approvedMember = (
      await queryRows<{ id: string }>(
        db(),
        sql`select id from members where referral_code = ${
          (await signUp(t.app, t.smtp, 'ROOT2345')).code
        }`,
      )
    )[0]!.id;
    // A draft replaced before submitting, then a submission rejected: four documents retired.
    expect((await upload(t, rejectedMember, 'id-front', await jpegWithGps())).status).toBe(200);
    const submission = await submitAll(t, rejectedMember);
    const rejected = await asOperator(t, 'support', 'POST', `verification/${submission}/decide`, {
      decision: 'reject',
      reason: 'unreadable',
    });
    expect(rejected.status).toBe(200);
    await approve(t, approvedMember);
    const files = sql`select count(*)::int as n from member_files where member_id = ${rejectedMember}`;
    expect(await count(files)).toBe(4);
    const kept = sql`select count(*)::int as n from member_files where member_id = ${approvedMember}`;
    expect(await count(kept)).toBe(3);

    const early = await runRetention(db(), day(189), { batchSize: 3 });
    expect(early?.personalData.documents).toBe(0);
    expect(await count(files)).toBe(4);

    const run = await runRetention(db(), day(191), { batchSize: 3 });
    expect(run?.personalData.documents).toBe(4);
    expect(await count(files)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from verification_documents where member_id = ${rejectedMember}`,
      ),
    ).toBe(0);
    expect(await count(kept)).toBe(3);
    // The decision stays, without its documents; each step is audited, with no operator.
    const detail = await asOperator(t, 'support', 'GET', `verification/${submission}`);
    expect(detail.body.data).toMatchObject({ status: 'rejected', documents: [] });
    const audit = await queryRows<{ operator_id: string | null; detail: Record<string, unknown> }>(
      db(),
      sql`select operator_id, detail from audit_log where action = 'verification.documents_deleted'
        and target_id = ${rejectedMember}`,
    );
    expect(audit.map((row) => row.operator_id)).toEqual([null, null]);
    expect(audit.reduce((sum, row) => sum + (row.detail.documents as number), 0)).toBe(4);
  });

  it('follow the period an admin sets, which is audited', async () => {
    const admin = await signInOperator(t, 'admin@ops.example.com', 'admin');
    const settings = { closedAccountDays: 30, rejectedDocumentDays: 10 };
    const saved = await call(t.app, 'PUT', 'operator/settings/retention', settings, {
      token: admin,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      t.clock.set(day(600));
      const signed = await signUp(t.app, t.smtp, 'ROOT2345');
      const [row] = await queryRows<{ id: string }>(
        db(),
        sql`select id from members where referral_code = ${signed.code}`,
      );
      expect((await upload(t, row!.id, 'id-front', await jpegWithGps())).status).toBe(200);
      expect((await upload(t, row!.id, 'id-front', await jpegWithGps())).status).toBe(200);
      const run = await runRetention(db(), day(611), { batchSize: 100 });
      expect(run?.personalData.documents).toBe(1);
      const [audit] = await queryRows<{ detail: unknown }>(
        db(),
        sql`select detail from audit_log where action = 'settings.retention' order by id desc limit 1`,
      );
      expect(audit?.detail).toEqual({
        before: { closedAccountDays: 30, rejectedDocumentDays: 90 },
        after: settings,
      });
    } finally {
      const restored = await call(
        t.app,
        'PUT',
        'operator/settings/retention',
        { closedAccountDays: 30, rejectedDocumentDays: 90 },
        { token: await signInOperator(t, 'admin@ops.example.com', 'admin') },
      );
      expect(restored.status).toBe(200);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { queryRows } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { createImpersonationSession } from '../../core/sessions/member-sessions.ts';
import { signInOperator } from '../../testing/operators.ts';
import { api, buy, fundedMember, readCatalogue, tokenOf, usd } from '../../testing/members.ts';
import { call, signUp } from '../../testing/requests.ts';
import { createRootMember, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { submitAll } from '../../testing/verification.ts';
import { EXPORTS_PER_HOUR } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;

/** GET auth/data-export as the member; the ZIP's files by name when it is one. */
async function exportOf(memberId: string, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/data-export',
    headers: { authorization: `Bearer ${token ?? (await tokenOf(t, memberId))}` },
  });
  const isZip = response.headers['content-type'] === 'application/zip';
  return {
    response,
    files: isZip ? unzipSync(new Uint8Array(response.rawPayload)) : {},
  };
}

/** A member with a history in every part of the export. */
async function memberWithHistory() {
  const memberId = await fundedMember(t, usd('500'));
  const catalogue = await readCatalogue(t);
  expect(
    (await buy(t, memberId, { packageId: Object.values(catalogue)[0], amount: 100 })).status,
  ).toBe(200);
  const ticket = await api(t, memberId, 'POST', 'ticket/create', {
    subject: 'Where is my deposit',
    message: 'I sent it an hour ago.',
  });
  expect(ticket.status).toBe(200);
  await submitAll(t, memberId);
  const [member] = await queryRows<{ email: string; referral_code: string }>(
    db(),
    sql`select email, referral_code from members where id = ${memberId}`,
  );
  return { memberId, ...member! };
}

const ownFileCount = async (memberId: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from member_files where member_id = ${memberId}`,
    )
  )[0]!.n;

describe('GET auth/data-export', () => {
  it("holds exactly the member's records, their documents, and nothing of anyone else's", async () => {
    const me = await memberWithHistory();
    const other = await memberWithHistory();

    const { response, files } = await exportOf(me.memberId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="my-data-${me.referral_code}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );

    const data = JSON.parse(strFromU8(files['member-data.json']!));
    expect(data.profile).toMatchObject({ id: me.memberId, email: me.email });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.deposits).toEqual([]);
    expect(data.packages).toHaveLength(1);
    expect(data.packages[0].amount).toBe('100');
    expect(data.tickets.map((ticket: { subject: string }) => ticket.subject)).toEqual([
      'Where is my deposit',
    ]);
    expect(data.ticketMessages).toHaveLength(1);
    expect(data.verification.submissions[0].details.legalName).toBe('Asha Verma');
    // The statement: the funding, then the purchase, in dollars, as the ledger has them.
    expect(data.statement.map((line: { amount: string }) => line.amount)).toEqual(['500', '-100']);
    expect(strFromU8(files['statement.csv']!).split('\r\n')[0]).toBe(
      'id,createdAt,wallet,kind,amount,balanceAfter,reference,description',
    );

    // The documents themselves, one per stored file, opened and as kept (no EXIF).
    const documents = Object.keys(files).filter((name) => name.startsWith('documents/'));
    expect(documents).toHaveLength(await ownFileCount(me.memberId));
    expect(documents.length).toBeGreaterThan(0);
    const image = documents.find((name) => name.endsWith('.jpg'))!;
    expect((await sharp(Buffer.from(files[image]!)).metadata()).exif).toBeUndefined();

    // Nothing of the other member, and no secret, anywhere in the archive.
    const text = Object.entries(files)
      .filter(([name]) => !name.startsWith('documents/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    for (const theirs of [other.memberId, other.email, other.referral_code])
      expect(text).not.toContain(theirs);
    expect(text).not.toMatch(/\$argon2|token_hash|password_hash|ciphertext|fields_sealed/);
  });

  it("holds the member's requests to close the account with the answers, and none of another's", async () => {
    await createRootMember(t.ctx.database, 'ROOT2345');
    const [me, other] = [
      await signUp(t.app, t.smtp, 'ROOT2345'),
      await signUp(t.app, t.smtp, 'ROOT2345'),
    ];
    const idOf = async (code: string) =>
      (
        await queryRows<{ id: string }>(
          db(),
          sql`select id from members where referral_code = ${code}`,
        )
      )[0]!.id;
    const askToClose = async (member: typeof me) => {
      const asked = await call(
        t.app,
        'POST',
        'auth/account-closure',
        { password: member.password },
        { token: member.token },
      );
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      return asked.body.data.request.id as string;
    };
    const refused = await askToClose(me);
    const reason = 'Your team bonus for this week is still to come';
    const refusal = await call(
      t.app,
      'POST',
      `operator/members/${await idOf(me.code)}/closure/refuse`,
      { reason },
      { token: await signInOperator(t, 'closure-admin@ops.example.com', 'admin') },
    );
    expect(refusal.status, JSON.stringify(refusal.body)).toBe(200);
    t.clock.advance(MINUTE_MS);
    const waiting = await askToClose(me);
    const theirs = await askToClose(other);

    const { files } = await exportOf(await idOf(me.code));
    const data = JSON.parse(strFromU8(files['member-data.json']!));
    expect(data.accountClosures).toEqual([
      {
        id: refused,
        status: 'refused',
        requested_at: expect.any(String),
        decided_at: expect.any(String),
        refusal_reason: reason,
        erased_at: null,
      },
      {
        id: waiting,
        status: 'pending',
        requested_at: expect.any(String),
        decided_at: null,
        refusal_reason: null,
        erased_at: null,
      },
    ]);
    const csv = strFromU8(files['account-closures.csv']!).split('\r\n');
    expect(csv[0]!.split(',').sort()).toEqual([
      'decided_at',
      'erased_at',
      'id',
      'refusal_reason',
      'requested_at',
      'status',
    ]);
    expect(csv.filter((line) => line.startsWith(refused) || line.startsWith(waiting))).toHaveLength(
      2,
    );
    // Which operator refused, and the other member's request, are not the member's to take.
    const text = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(text).not.toContain(theirs);
    expect(text).not.toContain('decided_by');
  });

  it('is audited, and refused past three an hour with the time to wait', async () => {
    const memberId = await fundedMember(t, 0n);
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1)
      expect((await exportOf(memberId)).response.statusCode).toBe(200);
    const refused = (await exportOf(memberId)).response;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).message).toMatch(/^Too many downloads of your data/);
    const audited = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log
        where action = 'member.export_data' and target_id = ${memberId}`,
    );
    expect(audited[0]!.n).toBe(EXPORTS_PER_HOUR);
  });

  it('is refused to an operator viewing the app as the member, and to no session', async () => {
    const memberId = await fundedMember(t, 0n);
    await signInOperator(t, 'support@ops.example.com', 'support');
    const [operator] = await queryRows<{ id: string }>(db(), sql`select id from operators limit 1`);
    const { token: viewing } = await createImpersonationSession(db(), {
      memberId,
      operatorId: operator!.id,
      now: t.clock.now(),
      ip: '127.0.0.1',
      userAgent: 'console',
    });
    expect((await exportOf(memberId, viewing)).response.statusCode).toBe(403);
    expect((await exportOf(memberId, 'not-a-token')).response.statusCode).toBe(401);
  });
});

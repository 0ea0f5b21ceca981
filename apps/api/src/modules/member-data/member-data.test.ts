import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { queryRows } from '../../db/client.ts';
import { createImpersonationSession } from '../../core/sessions/member-sessions.ts';
import { signInOperator } from '../../testing/operators.ts';
import { api, buy, fundedMember, readCatalogue, tokenOf, usd } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
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

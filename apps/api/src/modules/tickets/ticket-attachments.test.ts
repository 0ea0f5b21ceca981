import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  MAX_TICKET_ATTACHMENTS,
  MEMBER_FILE_EMPTY,
  MEMBER_FILE_TOO_LARGE,
  MEMBER_FILE_TYPE_REFUSED,
  MEMBER_FILES_PER_DAY,
  memberFilesDailyLimit,
  TICKET_ATTACHMENT_NOT_FOUND,
  TICKET_ATTACHMENTS_FULL,
  TICKET_CLOSED,
  TICKET_CLOSED_FOR_ANSWERS,
  TICKET_IMAGE_ONLY,
  TICKET_NOT_FOUND,
  type OperatorRole,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { jpegWithGps, minimalPdf, windowsExecutable } from '../../core/member-files/test-files.ts';
import { recordFilesSent } from '../../testing/files-sent.ts';
import { tokenOf } from '../../testing/members.ts';
import { signInOperator } from '../../testing/operators.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { asMember, asOperator, fieldErrors, newMember, openTicket } from './test-support.ts';

// Images in a ticket's thread (decision 0056): checked by their bytes, stored sealed in the
// member file store without their metadata, shown only to the ticket's member and operators
// through session-checked routes that are never cached.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Sent = { status: number; body: Record<string, any>; headers: Record<string, unknown> };

async function inject(method: 'GET' | 'POST', url: string, token: string, payload?: Buffer) {
  const response = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    ...(payload ? { payload } : {}),
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload ? { 'content-type': 'application/octet-stream' } : {}),
    },
  });
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  return {
    status: response.statusCode,
    body: isJson ? (JSON.parse(response.body) as Record<string, any>) : {},
    headers: response.headers,
    raw: response.rawPayload,
  };
}

const memberSends = async (memberId: string, ticketId: string, bytes: Buffer): Promise<Sent> =>
  inject('POST', `ticket/attachment?ticketId=${ticketId}`, await tokenOf(t, memberId), bytes);
const memberReads = async (memberId: string, attachmentId: string) =>
  inject('GET', `ticket/attachment?attachmentId=${attachmentId}`, await tokenOf(t, memberId));
const operatorToken = (role: OperatorRole) => signInOperator(t, `${role}@ops.example.com`, role);
const storedFiles = async () => {
  const [row] = await queryRows<{ n: number }>(
    t.ctx.database.db,
    sql`select count(*)::int as n from member_files where purpose = 'ticket'`,
  );
  return row!.n;
};

describe('a member attaches an image', () => {
  it('stores it without metadata, reopens the ticket, tells support, and shows it to the member and operators only', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/answer`, {
      message: 'Send a screenshot',
    });

    const sent = await memberSends(memberId, ticketId, await jpegWithGps());
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      message: 'Image attached',
      data: { from: 'member', mediaType: 'image/jpeg' },
    });
    const attachmentId = sent.body.data.id as string;

    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.body.data.ticket).toMatchObject({ status: 'open', lastAuthor: 'member' });
    expect(thread.body.data.attachments).toEqual([sent.body.data]);
    const support = await asOperator(t, 'support', 'GET', 'notifications');
    expect(support.body.data.data[0].message).toMatch(/^Image on ticket #\d+ from /);

    const read = await memberReads(memberId, attachmentId);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['cache-control']).toBe('no-store, private');
    const metadata = await sharp(read.raw).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([64, 48]);

    const byOperator = await inject(
      'GET',
      `operator/tickets/attachments/${attachmentId}`,
      await operatorToken('finance'),
    );
    expect(byOperator.status).toBe(200);
    expect(byOperator.headers['cache-control']).toBe('no-store, private');
    const operatorThread = await asOperator(t, 'finance', 'GET', `tickets/${ticketId}`);
    expect(operatorThread.body.data.attachments).toEqual([sent.body.data]);

    // Another member: 404 for the image and for the ticket, exactly like an id that names none.
    const other = await newMember(t);
    for (const answer of [
      await memberReads(other, attachmentId),
      await memberReads(memberId, '00000000-0000-4000-8000-000000000000'),
      await memberReads(memberId, 'made-up'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(TICKET_ATTACHMENT_NOT_FOUND);
    }
    const into = await memberSends(other, ticketId, await jpegWithGps());
    expect(into.status).toBe(404);
    expect(into.body.message).toBe(TICKET_NOT_FOUND);
    // A member's token cannot use the operator route either.
    const operatorRoute = await inject(
      'GET',
      `operator/tickets/attachments/${attachmentId}`,
      await tokenOf(t, memberId),
    );
    expect(operatorRoute.status).toBe(403);
  });

  it('refuses a spoofed type, a PDF, an empty or too large body by the file field, storing nothing', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const before = await storedFiles();
    for (const [bytes, reason] of [
      [windowsExecutable(), MEMBER_FILE_TYPE_REFUSED],
      [minimalPdf(), TICKET_IMAGE_ONLY],
      [Buffer.alloc(0), MEMBER_FILE_EMPTY],
    ] as const) {
      const refused = await memberSends(memberId, ticketId, bytes);
      expect(refused.status, reason).toBe(422);
      expect(fieldErrors(refused.body)).toEqual([{ field: 'file', reason }]);
    }
    const large = await memberSends(memberId, ticketId, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(large.status).toBe(413);
    expect(fieldErrors(large.body)).toEqual([{ field: 'file', reason: MEMBER_FILE_TOO_LARGE }]);
    expect(await storedFiles()).toBe(before);
    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.body.data.attachments).toEqual([]);
  });

  it(`stops at ${MAX_TICKET_ATTACHMENTS} images and at a closed ticket`, async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const image = await jpegWithGps();
    for (let sent = 0; sent < MAX_TICKET_ATTACHMENTS; sent += 1)
      expect((await memberSends(memberId, ticketId, image)).status).toBe(200);
    const full = await memberSends(memberId, ticketId, image);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(TICKET_ATTACHMENTS_FULL);

    const other = await openTicket(t, memberId);
    await asOperator(t, 'support', 'POST', `tickets/${other}/close`);
    const closed = await memberSends(memberId, other, image);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(TICKET_CLOSED);
  });
});

describe("a member's files of the day", () => {
  it("refuses a member's image past the day's files with 429; support's images are not counted", async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    await recordFilesSent(t.ctx.database.db, memberId, {
      files: MEMBER_FILES_PER_DAY,
      byteSize: 1000,
      at: t.clock.now(),
    });
    const refused = await memberSends(memberId, ticketId, await jpegWithGps());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: 'RATE_LIMITED',
      message: memberFilesDailyLimit(24 * 3600),
    });
    expect(refused.headers['retry-after']).toBeDefined();
    const url = `operator/tickets/${ticketId}/attachments`;
    const support = await inject('POST', url, await operatorToken('support'), await jpegWithGps());
    expect(support.status).toBe(200);
  });
});

describe('support attaches an image', () => {
  it('support attaches (audited) and the member sees it; finance may not; a closed ticket refuses', async () => {
    const memberId = await newMember(t);
    const ticketId = await openTicket(t, memberId);
    const png = await sharp({
      create: { width: 20, height: 10, channels: 3, background: '#22aa44' },
    })
      .png()
      .toBuffer();
    const url = `operator/tickets/${ticketId}/attachments`;
    const sent = await inject('POST', url, await operatorToken('support'), png);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ from: 'operator', mediaType: 'image/png' });

    const thread = await asMember(t, memberId, 'GET', `ticket/ticket-msg?ticketId=${ticketId}`);
    expect(thread.body.data.attachments).toEqual([sent.body.data]);
    // Support's image alone does not move the ticket: its answer tells the member.
    expect(thread.body.data.ticket.status).toBe('open');
    const read = await memberReads(memberId, sent.body.data.id);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');

    const [audit] = await queryRows<{ action: string }>(
      t.ctx.database.db,
      sql`select action from audit_log where target_id = ${ticketId} order by id desc limit 1`,
    );
    expect(audit?.action).toBe('ticket.attach_image');

    const finance = await inject('POST', url, await operatorToken('finance'), png);
    expect(finance.status).toBe(403);
    await asOperator(t, 'support', 'POST', `tickets/${ticketId}/close`);
    const closed = await inject('POST', url, await operatorToken('support'), png);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(TICKET_CLOSED_FOR_ANSWERS);
  });
});

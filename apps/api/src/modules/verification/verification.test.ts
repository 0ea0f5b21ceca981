import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  MEMBER_FILE_BYTES_PER_DAY,
  MEMBER_FILE_TOO_LARGE,
  MEMBER_FILE_TYPE_REFUSED,
  MEMBER_FILES_PER_DAY,
  memberFilesDailyLimit,
  VERIFICATION_IN_REVIEW,
  verificationMissingDocument,
} from '@app/contracts';
import { queryRows } from '../../db/client.ts';
import { fundedMember, tokenOf } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readMemberFile, memberFileKeysOf } from '../../core/member-files/index.ts';
import { jpegWithGps, minimalPdf, windowsExecutable } from '../../core/member-files/test-files.ts';
import { asMember, FIELDS, upload } from '../../testing/verification.ts';
import { recordFilesSent } from '../../testing/files-sent.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const fileCount = async (memberId: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from member_files where member_id = ${memberId}`,
    )
  )[0]!.n;

describe('PUT verification/documents/:kind', () => {
  it('refuses an .exe renamed .jpg by its bytes, storing nothing', async () => {
    const memberId = await fundedMember(t, 0n);
    const answer = await upload(t, memberId, 'id-front', windowsExecutable());
    expect(answer.status).toBe(422);
    expect(answer.body.message[0].validation_results).toEqual([
      { field: 'file', reason: MEMBER_FILE_TYPE_REFUSED },
    ]);
    expect(await fileCount(memberId)).toBe(0);
  });

  it('stores a photo without its EXIF, readable back only by its member, never cached', async () => {
    const memberId = await fundedMember(t, 0n);
    const other = await fundedMember(t, 0n);
    const answer = await upload(t, memberId, 'selfie', await jpegWithGps());
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ kind: 'selfie', mediaType: 'image/jpeg' });
    const id = answer.body.data.id as string;

    const [row] = await queryRows<{ file_id: string }>(
      db(),
      sql`select file_id from verification_documents where id = ${id}`,
    );
    const stored = await readMemberFile(db(), memberFileKeysOf(t.ctx.config)!, {
      fileId: row!.file_id,
      purpose: 'verification',
    });
    expect((await sharp(stored!.bytes).metadata()).exif).toBeUndefined();
    expect(stored!.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/verification/documents/${id}`,
      headers: { authorization: `Bearer ${await tokenOf(t, memberId)}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store, private');
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.equals(stored!.bytes)).toBe(true);

    const theirs = await asMember(t, other, 'GET', `verification/documents/${id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: 'NOT_FOUND' });
    expect((await asMember(t, other, 'GET', 'verification/documents/not-a-uuid')).status).toBe(404);
  });

  it("refuses a member past the day's files with 429 and when to retry, storing nothing, and takes them a day on", async () => {
    const byCount = await fundedMember(t, 0n);
    const bySize = await fundedMember(t, 0n);
    const hourAgo = new Date(t.clock.now().getTime() - 3_600_000);
    // What each sent in the last hour: the day's number of files, and all but 10 bytes of its size.
    await recordFilesSent(db(), byCount, {
      files: MEMBER_FILES_PER_DAY,
      byteSize: 1000,
      at: hourAgo,
    });
    await recordFilesSent(db(), bySize, {
      files: 1,
      byteSize: MEMBER_FILE_BYTES_PER_DAY - 10,
      at: hourAgo,
    });

    for (const memberId of [byCount, bySize]) {
      const before = await fileCount(memberId);
      const refused = await upload(t, memberId, 'id-front', minimalPdf());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        error: 'RATE_LIMITED',
        message: memberFilesDailyLimit(23 * 3600),
      });
      // The earlier files leave the 24 hours in 23 hours.
      expect(refused.headers['retry-after']).toBe(String(23 * 3600));
      expect(await fileCount(memberId)).toBe(before);
    }

    t.clock.advance(23 * 3_600_000 + 1000);
    expect((await upload(t, byCount, 'id-front', minimalPdf())).status).toBe(200);
    expect((await upload(t, bySize, 'id-front', minimalPdf())).status).toBe(200);
  });

  it('refuses an unknown kind and an empty body, naming the field', async () => {
    const memberId = await fundedMember(t, 0n);
    const unknown = await upload(t, memberId, 'passport-photo', minimalPdf());
    expect(unknown.status).toBe(422);
    expect(unknown.body.message[0].validation_results[0].field).toBe('kind');
    const empty = await upload(t, memberId, 'id-front', Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(empty.body.message[0].validation_results[0].field).toBe('file');
  });
});

describe('an oversize body', () => {
  /** Sends raw HTTP on a real socket and reads the answer's first lines. */
  async function rawRequest(port: number, head: string, bodyPart: Buffer, chunked = false) {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const answered = new Promise<string>((resolve) => {
      socket.on('data', (data) => {
        received.push(data);
        if (Buffer.concat(received).includes('\r\n\r\n'))
          resolve(Buffer.concat(received).toString());
      });
      socket.on('error', () => resolve(Buffer.concat(received).toString()));
    });
    socket.write(head);
    if (chunked) {
      // 1 MB chunks, stopping when the answer comes; the closing chunk is never sent.
      let done = false;
      void answered.then(() => (done = true));
      for (let i = 0; i < 11 && !done; i++) {
        const ok = socket.write(`${bodyPart.length.toString(16)}\r\n`) && socket.write(bodyPart);
        socket.write('\r\n');
        if (!ok) await new Promise((resolve) => socket.once('drain', resolve));
      }
    } else {
      socket.write(bodyPart);
    }
    const text = await answered;
    socket.destroy();
    return { text };
  }

  it('is refused with 413 from its Content-Length, before the body is sent', async () => {
    // Its own app: this one listens on a port.
    const served = await createTestApp();
    const memberId = await fundedMember(served, 0n);
    const token = await tokenOf(served, memberId);
    const address = await served.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    try {
      // Claims 50 MB and sends 1 KB: an answer proves the server did not wait for the rest.
      const { text } = await rawRequest(
        port,
        [
          'PUT /api/v1/verification/documents/id-front HTTP/1.1',
          'Host: 127.0.0.1',
          `Authorization: Bearer ${token}`,
          'Content-Type: application/octet-stream',
          `Content-Length: ${50 * 1024 * 1024}`,
          '',
          '',
        ].join('\r\n'),
        Buffer.alloc(1024, 1),
      );
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toContain(MEMBER_FILE_TOO_LARGE);

      // Without a Content-Length: 11 MB and never the closing chunk, so only a server that stops
      // reading at the limit can answer.
      const chunked = await rawRequest(
        port,
        [
          'PUT /api/v1/verification/documents/id-front HTTP/1.1',
          'Host: 127.0.0.1',
          `Authorization: Bearer ${token}`,
          'Content-Type: application/octet-stream',
          'Transfer-Encoding: chunked',
          '',
          '',
        ].join('\r\n'),
        Buffer.alloc(1024 * 1024, 2),
        true,
      );
      expect(chunked.text).toMatch(/^HTTP\/1\.1 413 /);
      const [files] = await queryRows<{ n: number }>(
        served.ctx.database.db,
        sql`select count(*)::int as n from member_files`,
      );
      expect(files!.n).toBe(0);
    } finally {
      await served.close();
    }
  });
});

describe('GET verification and POST verification/submit', () => {
  it('starts not started, names every missing document and detail, then takes the submission', async () => {
    const memberId = await fundedMember(t, 0n);
    const start = await asMember(t, memberId, 'GET', 'verification');
    expect(start.body.data).toMatchObject({
      status: 'not-started',
      drafts: [],
      requirements: { version: 1 },
      withdrawalRoom: '1000',
    });

    await upload(t, memberId, 'id-front', await jpegWithGps());
    const incomplete = await asMember(t, memberId, 'POST', 'verification/submit', {
      country: 'IN',
      fields: { legalName: 'Asha Verma' },
    });
    expect(incomplete.status).toBe(422);
    const fields = (incomplete.body.message[0].validation_results as { field: string }[]).map(
      (result) => result.field,
    );
    expect(fields).toEqual([
      'fields.dateOfBirth',
      'fields.nationality',
      'fields.documentNumber',
      'fields.documentExpiry',
      'documents.id-back',
      'documents.selfie',
    ]);
    expect(incomplete.body.message[0].validation_results).toContainEqual({
      field: 'documents.selfie',
      reason: verificationMissingDocument('selfie'),
    });

    await upload(t, memberId, 'id-back', minimalPdf());
    await upload(t, memberId, 'selfie', await jpegWithGps());
    const submitted = await asMember(t, memberId, 'POST', 'verification/submit', {
      country: 'in',
      fields: FIELDS,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted', country: 'IN', drafts: [] });
    expect(submitted.body.data.fields).toEqual(FIELDS);

    // In review: nothing more can be sent until the answer.
    const again = await upload(t, memberId, 'id-front', minimalPdf());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(VERIFICATION_IN_REVIEW);

    // The details are sealed in the database.
    const [row] = await queryRows<{ fields_sealed: string }>(
      db(),
      sql`select fields_sealed from verification_submissions where member_id = ${memberId}`,
    );
    expect(row!.fields_sealed).not.toContain('Asha');

    const notices = await queryRows<{ message: string; link: string }>(
      db(),
      sql`select message, link from notifications where member_id = ${memberId}`,
    );
    expect(notices).toEqual([
      { message: 'Your identity documents were received and are in review', link: '/verification' },
    ]);
    await t.mailsDelivered();
    expect(
      t.smtp.mails.some((mail) => mail.subject === 'We received your identity documents'),
    ).toBe(true);
  });
});

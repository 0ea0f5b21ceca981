import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MEMBER_FILE_TYPE_REFUSED, MEMBER_FILE_UNREADABLE } from '@app/contracts';
import { loadConfig } from '../../config/env.ts';
import { queryRows } from '../../db/client.ts';
import { FieldError } from '../../lib/errors.ts';
import { fundedMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  cleanMemberFile,
  deleteMemberFile,
  memberFileKeysOf,
  memberFilesKeyProblem,
  readMemberFile,
  saveMemberFile,
  type MemberFileKeys,
} from './index.ts';
import { MemberFileKeyMissing } from './seal-bytes.ts';
import { jpegWithGps, minimalPdf, windowsExecutable } from './test-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const keys: MemberFileKeys = { current: randomBytes(32), previous: [] };

const refusal = async (bytes: Buffer) => {
  const error = await cleanMemberFile(bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(FieldError);
  return (error as FieldError).results;
};

describe('cleanMemberFile', () => {
  it('refuses an .exe renamed .jpg by its bytes, whatever it is called', async () => {
    expect(await refusal(windowsExecutable())).toEqual([
      { field: 'file', reason: MEMBER_FILE_TYPE_REFUSED },
    ]);
  });

  it('refuses text, an empty file, and an image it cannot decode', async () => {
    expect((await refusal(Buffer.from('hello, not an image')))[0]!.reason).toBe(
      MEMBER_FILE_TYPE_REFUSED,
    );
    expect((await refusal(Buffer.alloc(0)))[0]!.field).toBe('file');
    // A JPEG's signature with nothing decodable behind it.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(400)]);
    expect((await refusal(broken))[0]!.reason).toBe(MEMBER_FILE_UNREADABLE);
  });

  it('re-encodes a photo without its EXIF (GPS position included)', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const clean = await cleanMemberFile(photo);
    expect(clean.mediaType).toBe('image/jpeg');
    const metadata = await sharp(clean.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.width).toBe(64);
    expect(clean.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('keeps a PDF as sent and a PNG as PNG', async () => {
    const pdf = minimalPdf();
    expect(await cleanMemberFile(pdf)).toEqual({ bytes: pdf, mediaType: 'application/pdf' });
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#0a0' },
    })
      .png()
      .toBuffer();
    expect((await cleanMemberFile(png)).mediaType).toBe('image/png');
  });
});

describe('the sealed store', () => {
  it('keeps only ciphertext, opens for the owner and the purpose, and is gone once deleted', async () => {
    const memberId = await fundedMember(t, 0n);
    const other = await fundedMember(t, 0n);
    const pdf = minimalPdf();
    const stored = await saveMemberFile(
      db(),
      keys,
      { memberId, purpose: 'verification', bytes: pdf },
      t.clock.now(),
    );
    const [row] = await queryRows<{ ciphertext: Buffer; key_id: string }>(
      db(),
      sql`select ciphertext, key_id from member_files where id = ${stored.id}`,
    );
    expect(Buffer.from(row!.ciphertext).includes(Buffer.from('%PDF'))).toBe(false);
    expect(row!.key_id).toMatch(/^[\w-]{11}$/);

    const read = await readMemberFile(db(), keys, {
      fileId: stored.id,
      purpose: 'verification',
      memberId,
    });
    expect(read?.bytes.equals(pdf)).toBe(true);
    // Another member, or another feature, finds nothing: the same as a missing file.
    expect(
      await readMemberFile(db(), keys, {
        fileId: stored.id,
        purpose: 'verification',
        memberId: other,
      }),
    ).toBeNull();
    expect(await readMemberFile(db(), keys, { fileId: stored.id, purpose: 'ticket' })).toBeNull();

    await deleteMemberFile(db(), stored.id);
    expect(
      await readMemberFile(db(), keys, { fileId: stored.id, purpose: 'verification' }),
    ).toBeNull();
  });

  it('refuses a changed byte, and a file moved to another member', async () => {
    const memberId = await fundedMember(t, 0n);
    const other = await fundedMember(t, 0n);
    const stored = await saveMemberFile(
      db(),
      keys,
      { memberId, purpose: 'verification', bytes: minimalPdf() },
      t.clock.now(),
    );
    await db().execute(sql`update member_files set member_id = ${other} where id = ${stored.id}`);
    await expect(
      readMemberFile(db(), keys, { fileId: stored.id, purpose: 'verification' }),
    ).rejects.toThrow();
    await db().execute(
      sql`update member_files set member_id = ${memberId},
        ciphertext = set_byte(ciphertext, 0, (get_byte(ciphertext, 0) + 1) % 256) where id = ${stored.id}`,
    );
    await expect(
      readMemberFile(db(), keys, { fileId: stored.id, purpose: 'verification' }),
    ).rejects.toThrow();
  });

  it('opens files an older key sealed once that key is listed as previous (rotation)', async () => {
    const memberId = await fundedMember(t, 0n);
    const old = { current: randomBytes(32), previous: [] };
    const stored = await saveMemberFile(
      db(),
      old,
      { memberId, purpose: 'verification', bytes: minimalPdf() },
      t.clock.now(),
    );
    const rotated = { current: randomBytes(32), previous: [old.current] };
    const read = await readMemberFile(db(), rotated, {
      fileId: stored.id,
      purpose: 'verification',
    });
    expect(read?.bytes.equals(minimalPdf())).toBe(true);
    await expect(
      readMemberFile(
        db(),
        { current: rotated.current, previous: [] },
        {
          fileId: stored.id,
          purpose: 'verification',
        },
      ),
    ).rejects.toBeInstanceOf(MemberFileKeyMissing);
  });
});

describe('the keys from the environment', () => {
  it('refuses a production start without MEMBER_FILES_KEY; a development key stands in elsewhere', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(memberFileKeysOf(production)).toBeNull();
    expect(memberFilesKeyProblem(production)).toMatch(/^MEMBER_FILES_KEY is not set/);
    expect(memberFilesKeyProblem(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
    const key = randomBytes(32);
    const old = randomBytes(32);
    const configured = loadConfig({
      NODE_ENV: 'production',
      MEMBER_FILES_KEY: key.toString('base64'),
      MEMBER_FILES_PREVIOUS_KEYS: ` ${old.toString('base64')} `,
    });
    expect(memberFileKeysOf(configured)).toEqual({ current: key, previous: [old] });
    expect(() => loadConfig({ MEMBER_FILES_KEY: 'c2hvcnQ=' })).toThrow(
      /MEMBER_FILES_KEY: must be 32 bytes in base64 .* \(got \(hidden\)\)/,
    );
  });
});

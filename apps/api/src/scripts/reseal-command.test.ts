import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { keyIdOf } from '../lib/sealed-secrets.ts';
import {
  deleteMemberFile,
  readMemberFile,
  saveMemberFile,
  type MemberFileKeys,
  type MemberFilePurpose,
} from '../core/member-files/index.ts';
import { minimalPdf } from '../core/member-files/test-files.ts';
import { openFields } from '../core/verification-records.ts';
import { fundedMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { runReseal } from '../testing/reseal.ts';
import { FIELDS, submitAll } from '../testing/verification.ts';
import { MEMBER_FILES_STORE } from './reseal-stores.ts';

// The end of a MEMBER_FILES_KEY rotation (decision 0055): what key A sealed, files and
// submissions' details alike, is under key B after the command, opens with B alone, and a
// second run finds nothing to move.

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const base64 = (key: Buffer) => key.toString('base64');

let t: TestApp;
beforeAll(async () => {
  // The app seals with key A, as every instance did before the rotation.
  t = await createTestApp({ env: { MEMBER_FILES_KEY: base64(keyA) } });
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
/** After the rotation: B seals, A still opens. */
const rotatedEnv = {
  NODE_ENV: 'test',
  MEMBER_FILES_KEY: base64(keyB),
  MEMBER_FILES_PREVIOUS_KEYS: base64(keyA),
};

const reseal = (env: NodeJS.ProcessEnv) => runReseal(t, MEMBER_FILES_STORE, env);

type StoredRow = { id: string; member_id: string; purpose: MemberFilePurpose; key_id: string };
const storedFiles = () =>
  queryRows<StoredRow>(
    db(),
    sql`select id, member_id, purpose, key_id from member_files order by id`,
  );
const storedDetails = () =>
  queryRows<{ id: string; fields_sealed: string }>(
    db(),
    sql`select id, fields_sealed from verification_submissions order by id`,
  );

/** Every stored file's bytes, opened with `keys`. */
async function fileContents(keys: MemberFileKeys) {
  const contents = new Map<string, Buffer>();
  for (const row of await storedFiles()) {
    const file = await readMemberFile(db(), keys, { fileId: row.id, purpose: row.purpose });
    contents.set(row.id, file!.bytes);
  }
  return contents;
}

describe('npm run reseal-member-files', () => {
  it('refuses to start without MEMBER_FILES_KEY, before opening the database', async () => {
    const { exitCode, lines, open } = await reseal({
      NODE_ENV: 'test',
      MEMBER_FILES_PREVIOUS_KEYS: base64(keyA),
    });
    expect(exitCode).toBe(1);
    expect(open).not.toHaveBeenCalled();
    expect(lines).toEqual([expect.stringMatching(/^Refused: MEMBER_FILES_KEY is not set/)]);
  });

  it('moves every row under the previous key to the current one, which alone opens it; a second run moves nothing', async () => {
    const keysA: MemberFileKeys = { current: keyA, previous: [] };
    const members = [await fundedMember(t, 0n), await fundedMember(t, 0n)];
    // Identity documents and details through the app; a ticket's image straight into the store.
    for (const memberId of members) await submitAll(t, memberId);
    await saveMemberFile(
      db(),
      keysA,
      { memberId: members[0]!, purpose: 'ticket', bytes: minimalPdf() },
      t.clock.now(),
    );
    const files = await storedFiles();
    expect(files).toHaveLength(7);
    expect(new Set(files.map((row) => row.key_id))).toEqual(new Set([keyIdOf(keyA)]));
    const before = await fileContents(keysA);

    const first = await reseal(rotatedEnv);
    expect(first.lines).toEqual([
      `Moved to the current key (${keyIdOf(keyB)}): 7 files, 2 submissions' details.`,
      "Remaining under another key: 0 files, 0 submissions' details.",
      'Nothing is sealed under an old key: it may be removed.',
    ]);
    expect(first.exitCode).toBe(0);

    // Key A may go: B alone opens every file, byte for byte as before, and every submission.
    const keysB: MemberFileKeys = { current: keyB, previous: [] };
    expect(new Set((await storedFiles()).map((row) => row.key_id))).toEqual(
      new Set([keyIdOf(keyB)]),
    );
    expect(await fileContents(keysB)).toEqual(before);
    const details = await storedDetails();
    expect(details).toHaveLength(2);
    for (const row of details) {
      expect(row.fields_sealed.split('.')[1]).toBe(keyIdOf(keyB));
      expect(openFields(row.fields_sealed, keysB)).toEqual(FIELDS);
    }

    const second = await reseal(rotatedEnv);
    expect(second.exitCode).toBe(0);
    expect(second.lines[0]).toBe(
      `Moved to the current key (${keyIdOf(keyB)}): 0 files, 0 submissions' details.`,
    );
  });

  it('counts a row under a key that is not configured and exits 1 until it is dealt with', async () => {
    const memberId = await fundedMember(t, 0n);
    const lost = { current: randomBytes(32), previous: [] };
    const stored = await saveMemberFile(
      db(),
      lost,
      { memberId, purpose: 'verification', bytes: minimalPdf() },
      t.clock.now(),
    );
    try {
      const { exitCode, lines } = await reseal(rotatedEnv);
      expect(exitCode).toBe(1);
      expect(lines.slice(1)).toEqual([
        "Remaining under another key: 1 files, 0 submissions' details.",
        "Of those, 1 files, 0 submissions' details are under a key that is neither MEMBER_FILES_KEY nor in MEMBER_FILES_PREVIOUS_KEYS: add that key and run again.",
      ]);
      const [row] = await queryRows<{ key_id: string }>(
        db(),
        sql`select key_id from member_files where id = ${stored.id}`,
      );
      expect(row?.key_id).toBe(keyIdOf(lost.current));
    } finally {
      await deleteMemberFile(db(), stored.id);
    }
  });
});

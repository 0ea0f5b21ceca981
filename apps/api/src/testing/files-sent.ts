import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Records that a member sent `files` files of `byteSize` bytes each at `at`, as the daily file
 * quota counts them (core/member-files/daily-quota.ts): rows of the member file store whose
 * contents are never read.
 */
export async function recordFilesSent(
  db: Executor,
  memberId: string,
  { files, byteSize, at }: { files: number; byteSize: number; at: Date },
): Promise<void> {
  await db.execute(sql`
    insert into member_files (member_id, purpose, media_type, byte_size, key_id, nonce, auth_tag,
                              ciphertext, created_at)
    select ${memberId}::uuid, 'verification', 'application/pdf', ${byteSize}, 'earlier',
           decode('00', 'hex'), decode('00', 'hex'), decode('00', 'hex'), ${at}
      from generate_series(1, ${files})`);
}

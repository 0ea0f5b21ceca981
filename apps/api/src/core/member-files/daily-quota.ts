import { sql } from 'drizzle-orm';
import {
  MEMBER_FILE_BYTES_PER_DAY,
  MEMBER_FILES_PER_DAY,
  memberFilesDailyLimit,
} from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Inside the transaction that stores a file the member sent: refuses it with 429 when the
 * member's files of the last 24 hours, with this one, pass MEMBER_FILES_PER_DAY or
 * MEMBER_FILE_BYTES_PER_DAY. Each file is at most 10 MB, but a member could otherwise send them
 * without end (every upload supersedes the draft before it, and both are kept until retention).
 * Retry-After says when the oldest of those files leaves the 24 hours. Files support attaches to
 * a member's ticket are not counted against the member.
 */
export async function refuseOverDailyFileQuota(
  tx: Executor,
  memberId: string,
  byteSize: number,
  now: Date,
): Promise<void> {
  // One member's uploads take turns here, so two at once cannot both pass the last place.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`member-files:${memberId}`}, 0))`,
  );
  const since = new Date(now.getTime() - DAY_MS);
  const [sent] = await queryRows<{ files: number; bytes: string; oldest: Date | string | null }>(
    tx,
    sql`select count(*)::int as files, coalesce(sum(byte_size), 0)::text as bytes,
               min(created_at) as oldest
          from member_files
         where member_id = ${memberId}::uuid and created_at > ${since}`,
  );
  const files = sent?.files ?? 0;
  const bytes = Number(sent?.bytes ?? 0);
  if (files + 1 <= MEMBER_FILES_PER_DAY && bytes + byteSize <= MEMBER_FILE_BYTES_PER_DAY) return;
  const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : now.getTime();
  const waitSeconds = Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', memberFilesDailyLimit(waitSeconds), {
    'retry-after': String(waitSeconds),
  });
}

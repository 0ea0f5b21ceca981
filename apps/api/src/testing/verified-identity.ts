// A member whose identity operators already verified (decision 0055), written directly: for
// suites about something else (withdrawals past the verification threshold), where the
// review itself is not what is tested.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

export async function markIdentityVerified(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into verification_submissions
      (member_id, requirements_version, country, fields_sealed, status, submitted_at, decided_at)
    values (${memberId}, 1, 'IN', 'not-read-by-these-suites', 'approved',
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
}

import { sql } from 'drizzle-orm';
import { CODE_MAIL_FAILED } from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OtpPurpose } from '../otp.ts';

/**
 * Whether the member's latest code of this purpose never reached them: its mail was given up.
 * A member who types a code (or none) then learns to ask again, instead of waiting for a mail
 * that will not come.
 */
export async function latestCodeMailFailed(
  db: Executor,
  memberId: string,
  purpose: OtpPurpose,
): Promise<boolean> {
  const [row] = await queryRows<{ failed: boolean }>(
    db,
    sql`select exists (
          select 1 from mail_outbox
           where state = 'failed' and otp_id = (
             select id from otps where member_id = ${memberId} and purpose = ${purpose}
              order by created_at desc limit 1)) as failed`,
  );
  return row?.failed === true;
}

/** The refusal of a code check when the code's mail failed for good, or `otherwise`. */
export async function codeRefusal(
  db: Executor,
  memberId: string,
  purpose: OtpPurpose,
  otherwise: () => Error,
): Promise<Error> {
  return (await latestCodeMailFailed(db, memberId, purpose))
    ? new AppError('CODE_NOT_SENT', CODE_MAIL_FAILED)
    : otherwise();
}

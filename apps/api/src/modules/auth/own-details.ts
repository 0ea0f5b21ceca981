import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { OWN_DETAILS_UNCHANGED, ownDetailsBodyWith } from '@app/contracts';
import { phoneNumbering } from '@app/contracts/phone-numbering';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError } from '../../lib/errors.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';
import { withTransaction } from '../../ledger/index.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import { notifySecurity } from '../../core/security-notices.ts';

/** PATCH auth/profile's body, the mobile number checked by the full plan. */
export const ownDetailsBody = ownDetailsBodyWith(phoneNumbering);
export type OwnDetailsInput = z.output<typeof ownDetailsBody>;

type Field = 'name' | 'mobile_number';
const column = { name: 'name', mobile_number: 'mobile' } as const;
const words: Record<Field, string> = { name: 'name', mobile_number: 'mobile number' };

/**
 * Changes what differs of the member's own name and mobile number, told in the app and by mail
 * (someone with the session could do it; the mail lets the member see). The row is locked while
 * compared; nothing differing is a 409 and writes nothing. Returns the fields changed and the
 * mail to send once committed.
 */
export async function changeOwnDetails(
  db: Db,
  memberId: string,
  body: OwnDetailsInput,
  now: Date,
): Promise<{ changed: Field[]; mailId: string }> {
  return withTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ name: members.name, mobile: members.mobile, email: members.email })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    if (!current) throw sessionExpired();
    const changes: Partial<Record<Field, { before: string; after: string }>> = {};
    for (const field of ['name', 'mobile_number'] as const) {
      const after = body[field];
      const before = current[column[field]];
      if (after !== undefined && after !== before) changes[field] = { before, after };
    }
    const changed = Object.keys(changes) as Field[];
    if (changed.length === 0) throw new AppError('CONFLICT', OWN_DETAILS_UNCHANGED);

    await tx
      .update(members)
      .set({
        ...(changes.name && { name: changes.name.after }),
        ...(changes.mobile_number && { mobile: changes.mobile_number.after }),
      })
      .where(eq(members.id, memberId));
    const told = changed
      .map(
        (field) => `${words[field]} from "${changes[field]?.before}" to "${changes[field]?.after}"`,
      )
      .join(', ');
    const mailId = await queueSecurityNotice(
      tx,
      current.email,
      { kind: 'details-changed', changes: told, byMember: true },
      now,
    );
    await notifySecurity(
      tx,
      memberId,
      `Your ${changed.map((field) => words[field]).join(' and ')} changed. If this was not you, change your password.`,
      now,
    );
    return { changed, mailId };
  });
}

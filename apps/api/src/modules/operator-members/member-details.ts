import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACCOUNT_IS_CLOSED,
  MEMBER_DETAILS_UNCHANGED,
  MEMBER_EMAIL_TAKEN,
  MEMBER_NOT_FOUND,
} from '@app/contracts';
import { memberDetailsBodyWith } from '@app/contracts';
import { phoneNumbering } from '@app/contracts/phone-numbering';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../../core/audit.ts';
import { isEmailTaken } from '../../core/email-taken.ts';
import { queueSecurityNotice } from '../../core/member-mails.ts';
import { notifySecurity } from '../../core/security-notices.ts';
import { startWithdrawalHold } from '../../core/withdrawal-hold.ts';
import type { OperatorActor } from './member-status.ts';

/** PATCH operator/members/:id/details's body, the mobile number checked by the full plan. */
export const memberDetailsBody = memberDetailsBodyWith(phoneNumbering);
export type MemberDetailsInput = z.output<typeof memberDetailsBody>;

type Field = 'name' | 'email' | 'mobile_number';
const column = { name: 'name', email: 'email', mobile_number: 'mobile' } as const;
const words: Record<Field, string> = {
  name: 'name',
  email: 'email',
  mobile_number: 'mobile number',
};

/**
 * Changes what differs of the member's name, email and mobile number, in one transaction with
 * its audit row (each field's before and after, and the reason) and what tells the member: a
 * changed email is marked unverified, mailed to the old and the new address, and pauses
 * withdrawals like any security change (decision 0046); a changed name or mobile number is
 * told in the app and by mail. The row is locked while compared, so two operators editing at
 * once each see the other's result. Nothing differing is a 409 and writes nothing. Returns the
 * fields changed and the mails to send once committed.
 */
export async function editMemberDetails(
  db: Db,
  input: { memberId: string; body: MemberDetailsInput; actor: OperatorActor },
  now: Date,
): Promise<{ changed: Field[]; mailIds: string[] }> {
  const { memberId, body, actor } = input;
  try {
    return await withTransaction(db, async (tx) => {
      const [current] = await tx
        .select({
          name: members.name,
          email: members.email,
          mobile: members.mobile,
          status: members.status,
        })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
      // A closed account's details are erased after its retention period, not written again.
      if (current.status === 'closed')
        throw new AppError('CONFLICT', `${ACCOUNT_IS_CLOSED}: its details are not changed`);
      const changes: Partial<Record<Field, { before: string; after: string }>> = {};
      for (const field of ['name', 'email', 'mobile_number'] as const) {
        const after = body[field];
        const before = current[column[field]];
        if (after !== undefined && after !== before) changes[field] = { before, after };
      }
      const changed = Object.keys(changes) as Field[];
      if (changed.length === 0) throw new AppError('CONFLICT', MEMBER_DETAILS_UNCHANGED);

      await tx
        .update(members)
        .set({
          ...(changes.name && { name: changes.name.after }),
          ...(changes.mobile_number && { mobile: changes.mobile_number.after }),
          ...(changes.email && { email: changes.email.after, emailVerifiedAt: null }),
        })
        .where(eq(members.id, memberId));
      await recordAudit(tx, {
        operatorId: actor.operatorId,
        action: 'member.edit_details',
        targetType: 'member',
        targetId: memberId,
        detail: { ...changes, reason: body.reason },
        ip: actor.ip,
        now,
      });

      const mailIds: string[] = [];
      const email = changes.email;
      const others = changed.filter((field) => field !== 'email');
      const heldUntil = email ? await startWithdrawalHold(tx, memberId, now) : null;
      const to = email?.after ?? current.email;
      if (others.length > 0) {
        const told = others
          .map(
            (field) =>
              `${words[field]} from "${changes[field]?.before}" to "${changes[field]?.after}"`,
          )
          .join(', ');
        mailIds.push(
          await queueSecurityNotice(tx, to, { kind: 'details-changed', changes: told }, now),
        );
      }
      if (email) {
        const notice = { kind: 'email-changed', from: email.before, to: email.after } as const;
        mailIds.push(await queueSecurityNotice(tx, email.before, notice, now, heldUntil));
        mailIds.push(await queueSecurityNotice(tx, email.after, notice, now, heldUntil));
      }
      const list = changed.map((field) => words[field]).join(', ');
      await notifySecurity(
        tx,
        memberId,
        `Support changed your ${list}. If you did not ask for this, contact support.`,
        now,
      );
      return { changed, mailIds };
    });
  } catch (error) {
    if (isEmailTaken(error)) throw new AppError('CONFLICT', MEMBER_EMAIL_TAKEN);
    throw error;
  }
}

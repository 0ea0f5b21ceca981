import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountClosures } from '../../db/schema/account-closures.ts';
import { mailOutbox, memberMailPreferences } from '../../db/schema/mail.ts';
import { memberFiles } from '../../db/schema/member-files.ts';
import {
  memberPasskeys,
  memberTotp,
  members,
  notifications,
  otps,
  recoveryCodes,
  sessions,
  signInAttempts,
  signInChallenges,
  webauthnChallenges,
} from '../../db/schema/members.ts';
import { ticketAttachments } from '../../db/schema/support-desk.ts';
import {
  memberDevices,
  operatorNotifications,
  ticketMessages,
  tickets,
} from '../../db/schema/support.ts';
import {
  verificationDocuments,
  verificationSubmissionDocuments,
  verificationSubmissions,
} from '../../db/schema/verification.ts';
import { recordAudit } from '../audit.ts';

// Erasing a closed account's personal data once its retention period has passed (decision 0060).
// What identifies the person goes or is replaced; what the books and the team need stays under
// the member's id: the ledger, deposits, withdrawals, packages, incomes, the team's tree and
// figures, the Registered ID (the team's link), and the records operators keep of their own work
// (the audit log, their notes), which the database lets no one rewrite.

/** The name a closed account shows once erased: in its upline's team lists, the console, the books. */
export const ERASED_NAME = 'Closed member';

/** The email's unique placeholder: `.invalid` is reserved (RFC 2606), so nothing is ever sent there. */
export const erasedEmail = (memberId: string) => `closed-${memberId}@closed.invalid`;

/** What a ticket's subject and its messages read once erased (the thread's shape stays). */
export const ERASED_TEXT = 'Erased when the account was closed';

export type ErasureReport = {
  files: number;
  submissions: number;
  tickets: number;
};

/**
 * Erases one closed member's personal data, in the caller's transaction, and records it in the
 * audit log (no operator: the retention run does it). `unusablePasswordHash` replaces the
 * password's hash: a hash of random bytes nobody holds, so a sign-in with the Registered ID takes
 * the usual time and answers as a wrong password, saying nothing of the account.
 */
export async function erasePersonalData(
  tx: Executor,
  closure: { id: string; memberId: string },
  unusablePasswordHash: string,
  now: Date,
): Promise<ErasureReport> {
  const { memberId } = closure;
  const [member] = await tx
    .select({ email: members.email })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.status, 'closed')))
    .for('update');
  if (!member) throw new Error(`member ${memberId} is not closed: nothing is erased`);

  const ticketIds = (
    await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.memberId, memberId))
  ).map((row) => row.id);
  const submissionIds = (
    await tx
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.memberId, memberId))
  ).map((row) => row.id);

  // Files last: the rows that point at them go first.
  if (ticketIds.length > 0) {
    await tx.delete(ticketAttachments).where(inArray(ticketAttachments.ticketId, ticketIds));
    // Support's answers too: they speak to the member by name and about their affairs. Who wrote
    // when stays, so the desk's figures hold; its internal notes are append-only and stay.
    await tx
      .update(ticketMessages)
      .set({ message: ERASED_TEXT })
      .where(inArray(ticketMessages.ticketId, ticketIds));
    await tx.update(tickets).set({ subject: ERASED_TEXT }).where(eq(tickets.memberId, memberId));
  }
  if (submissionIds.length > 0)
    await tx
      .delete(verificationSubmissionDocuments)
      .where(inArray(verificationSubmissionDocuments.submissionId, submissionIds));
  await tx.delete(verificationDocuments).where(eq(verificationDocuments.memberId, memberId));
  await tx.delete(verificationSubmissions).where(eq(verificationSubmissions.memberId, memberId));
  const files = await tx
    .delete(memberFiles)
    .where(eq(memberFiles.memberId, memberId))
    .returning({ id: memberFiles.id });

  // The console's feed names the member in its lines ("New ticket #12 from …").
  await tx
    .delete(operatorNotifications)
    .where(
      or(
        and(
          eq(operatorNotifications.targetType, 'member'),
          eq(operatorNotifications.targetId, memberId),
        ),
        ticketIds.length > 0
          ? and(
              eq(operatorNotifications.targetType, 'ticket'),
              inArray(operatorNotifications.targetId, ticketIds),
            )
          : undefined,
      ),
    );

  // How and from where they signed in, their factors and codes, what the app told them.
  for (const table of [
    sessions,
    signInAttempts,
    signInChallenges,
    otps,
    recoveryCodes,
    memberTotp,
    memberPasskeys,
    webauthnChallenges,
    memberDevices,
    notifications,
    memberMailPreferences,
  ])
    await tx.delete(table).where(eq(table.memberId, memberId));
  await tx.delete(mailOutbox).where(eq(mailOutbox.recipient, member.email));

  await tx
    .update(members)
    .set({
      name: ERASED_NAME,
      email: erasedEmail(memberId),
      mobile: '',
      payoutAddress: null,
      passwordHash: unusablePasswordHash,
      emailVerifiedAt: null,
      passkeySignIn: false,
      withdrawalsHeldUntil: null,
    })
    .where(eq(members.id, memberId));
  await tx
    .update(accountClosures)
    .set({ erasedAt: now })
    .where(and(eq(accountClosures.id, closure.id), sql`${accountClosures.erasedAt} is null`));

  const report = {
    files: files.length,
    submissions: submissionIds.length,
    tickets: ticketIds.length,
  };
  await recordAudit(tx, {
    operatorId: null,
    action: 'member.erase_personal_data',
    targetType: 'member',
    targetId: memberId,
    detail: { closureId: closure.id, ...report },
    now,
  });
  return report;
}

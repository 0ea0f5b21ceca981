import { and, eq } from 'drizzle-orm';
import {
  CLOSURE_ALREADY_REQUESTED,
  CLOSURE_NOT_FOUND,
  CLOSURE_NOT_WAITING,
  closureBlockedMessage,
  closureStatusLabels,
  formatAmount,
  givesUpPackagesMessage,
  microsToDecimalString,
  type AccountClosureData,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { accountClosures } from '../../db/schema/account-closures.ts';
import { members } from '../../db/schema/members.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { violatedUniqueConstraint } from '../../lib/unique-violation.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordAudit } from '../../core/audit.ts';
import { closureBlockers, closurePackages } from '../../core/account-closure/closure-blockers.ts';
import { tellClosure } from '../../core/account-closure/closure-notices.ts';
import { latestClosure, toClosureView } from '../../core/account-closure/closure-records.ts';
import { notifyOperators } from '../../core/operator-notifications.ts';
import { readRetentionSettings } from '../../core/platform-settings.ts';
import { sessionExpired } from '../../core/sessions/session-policy.ts';
import { verifyCurrentPassword } from './change-password.ts';

// The member's side of closing their account (decision 0060): where their request stands, what
// stops it now and what it gives up; asking, with the password typed again; cancelling.

/** GET auth/account-closure. */
export async function readAccountClosure(
  db: Db,
  memberId: string,
  now: Date,
): Promise<AccountClosureData> {
  const [latest, blockers, packages, retention] = await Promise.all([
    latestClosure(db, memberId),
    closureBlockers(db, memberId),
    closurePackages(db, memberId, now),
    readRetentionSettings(db),
  ]);
  const { remainingMicros: _micros, ...packageFigures } = packages;
  return {
    request: latest && toClosureView(latest),
    blockers,
    packages: packageFigures,
    retentionDays: retention.closedAccountDays,
  };
}

export type ClosureRequest = {
  memberId: string;
  password: string;
  givesUpPackages: boolean;
  ip: string;
  publicUrl: string;
};

/**
 * POST auth/account-closure. The password first (a wrong one is a 422 on `password`, counted
 * like every current-password check), then, under the member's row lock: a request already
 * waiting is a 409; money left in a wallet or held, or a withdrawal or deposit still open, a 409
 * naming each (nothing is written); packages still earning need `givesUpPackages`, else a 422 on
 * that field saying how much profit closing gives up. The request, its audit row, the admins'
 * notice and the member's notification and mail commit together; returns the mail to send.
 */
export async function requestAccountClosure(
  db: Db,
  input: ClosureRequest,
  now: Date,
): Promise<{ mailId: string | null }> {
  const { memberId } = input;
  await verifyCurrentPassword(db, memberId, input.password, now, 'password');
  try {
    return await withTransaction(db, async (tx) => {
      const [member] = await tx
        .select({ name: members.name, referralCode: members.referralCode })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      if (!member) throw sessionExpired();
      if ((await latestClosure(tx, memberId))?.status === 'pending')
        throw new AppError('CONFLICT', CLOSURE_ALREADY_REQUESTED);
      const blockers = await closureBlockers(tx, memberId);
      if (blockers.length > 0)
        throw new AppError('CONFLICT', closureBlockedMessage(blockers), {}, { blockers });
      const packages = await closurePackages(tx, memberId, now);
      if (packages.active > 0 && !input.givesUpPackages)
        throw fieldError(
          'givesUpPackages',
          givesUpPackagesMessage(packages, formatAmount(packages.remainingMicros)),
        );
      const [closure] = await tx
        .insert(accountClosures)
        .values({ memberId, requestedAt: now })
        .returning({ id: accountClosures.id });
      if (!closure) throw new Error('the closure insert returned no row');
      await recordAudit(tx, {
        operatorId: null,
        action: 'member.close_request',
        targetType: 'member',
        targetId: memberId,
        detail: {
          closureId: closure.id,
          activePackages: packages.active,
          givenUpProfit: microsToDecimalString(packages.remainingMicros),
        },
        ip: input.ip,
        now,
      });
      // Admins hold `members.close` by default (decision 0060): their feed names the request.
      await notifyOperators(
        tx,
        {
          audience: 'admin',
          message: `${member.name} (${member.referralCode}) asked to close their account`,
          targetType: 'member',
          targetId: memberId,
        },
        now,
      );
      const mailId = await tellClosure(
        tx,
        memberId,
        { kind: 'received', givenUpProfit: packages.remainingMicros },
        input.publicUrl,
        now,
      );
      return { mailId };
    });
  } catch (error) {
    // Two requests at once: the unique index lets one in.
    if (violatedUniqueConstraint(error) === 'account_closures_one_pending_key')
      throw new AppError('CONFLICT', CLOSURE_ALREADY_REQUESTED);
    throw error;
  }
}

/**
 * POST auth/account-closure/:id/cancel: the waiting request is withdrawn; the member is told in
 * the app. Another member's request answers 404, exactly as one that does not exist; one already
 * decided (by an operator a moment before) 409 saying what became of it.
 */
export async function cancelAccountClosure(
  db: Db,
  input: { memberId: string; closureId: string; ip: string; publicUrl: string },
  now: Date,
): Promise<void> {
  const { memberId } = input;
  await withTransaction(db, async (tx) => {
    const [pending] = await tx
      .select({ id: accountClosures.id, status: accountClosures.status })
      .from(accountClosures)
      .where(and(eq(accountClosures.id, input.closureId), eq(accountClosures.memberId, memberId)))
      .for('update');
    if (!pending) throw new AppError('NOT_FOUND', CLOSURE_NOT_FOUND);
    if (pending.status !== 'pending')
      throw new AppError(
        'CONFLICT',
        `${CLOSURE_NOT_WAITING} ${closureStatusLabels[pending.status].toLowerCase()}`,
      );
    await tx
      .update(accountClosures)
      .set({ status: 'cancelled', decidedAt: now })
      .where(eq(accountClosures.id, pending.id));
    await recordAudit(tx, {
      operatorId: null,
      action: 'member.close_cancel',
      targetType: 'member',
      targetId: memberId,
      detail: { closureId: pending.id },
      ip: input.ip,
      now,
    });
    await tellClosure(tx, memberId, { kind: 'cancelled' }, input.publicUrl, now);
  });
}

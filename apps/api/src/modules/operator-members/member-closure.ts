import { eq } from 'drizzle-orm';
import {
  closureBlockedMessage,
  closureStatusLabels,
  CLOSURE_NOT_PENDING,
  MEMBER_NOT_FOUND,
  microsToDecimalString,
  type OperatorClosureData,
} from '@app/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { accountClosures } from '../../db/schema/account-closures.ts';
import { members } from '../../db/schema/members.ts';
import { operators } from '../../db/schema/operators.ts';
import { AppError } from '../../lib/errors.ts';
import { getMemberBalances, withTransaction } from '../../ledger/index.ts';
import { alreadyDecided } from '../../core/already-decided.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { closureBlockers, closurePackages } from '../../core/account-closure/closure-blockers.ts';
import { tellClosure } from '../../core/account-closure/closure-notices.ts';
import {
  eraseAfterOf,
  latestClosure,
  toClosureView,
  type ClosureRow,
} from '../../core/account-closure/closure-records.ts';
import { walletsView } from '../../core/member-statement.ts';
import { readRetentionSettings } from '../../core/platform-settings.ts';
import { revokeMemberSessions } from '../../core/sessions/member-sessions.ts';

// The console's side of a member closing their account (decision 0060): the request beside the
// wallets and what stops it, and the decision, which one operator takes: of two deciding at once,
// the first wins and the second is told who decided.

/** GET operator/members/:id/closure; null when the member does not exist. */
export async function readMemberClosure(
  db: Executor,
  memberId: string,
  now: Date,
): Promise<OperatorClosureData | null> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return null;
  const [latest, balances, blockers, packages, retention] = await Promise.all([
    latestClosure(db, memberId),
    getMemberBalances(db, memberId),
    closureBlockers(db, memberId),
    closurePackages(db, memberId, now),
    readRetentionSettings(db),
  ]);
  const { remainingMicros: _micros, ...packageFigures } = packages;
  return {
    request: latest && {
      ...toClosureView(latest),
      decidedBy: await operatorEmailOf(db, latest.decidedBy),
      eraseAfter: eraseAfterOf(latest, retention.closedAccountDays)?.toISOString() ?? null,
      erasedAt: latest.erasedAt?.toISOString() ?? null,
    },
    wallets: walletsView(balances),
    blockers,
    packages: packageFigures,
  };
}

async function operatorEmailOf(db: Executor, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db
    .select({ email: operators.email })
    .from(operators)
    .where(eq(operators.id, id));
  return row?.email ?? null;
}

type Decision = { memberId: string; actor: OperatorActor; publicUrl: string };

/**
 * The member's waiting request, locked with the member's row; a request already decided answers
 * 409 naming what became of it and who decided, none at all 409 too, an unknown member 404.
 */
async function lockPending(tx: Executor, memberId: string): Promise<ClosureRow> {
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!member) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  const latest = await latestClosure(tx, memberId);
  if (!latest) throw new AppError('CONFLICT', CLOSURE_NOT_PENDING);
  if (latest.status !== 'pending')
    throw await alreadyDecided(tx, {
      noun: 'request to close the account',
      status: closureStatusLabels[latest.status].toLowerCase(),
      decidedBy: latest.decidedBy,
    });
  return latest;
}

/**
 * POST operator/members/:id/closure/confirm. Checked again under the member's row lock, as the
 * member may have moved money since asking: anything left stops it (409, naming each). Then the
 * request is confirmed, the member closed (the database checks the same once more), every
 * session ended, the audit row written and the member told; returns the mail to send.
 */
export async function confirmClosure(
  db: Db,
  input: Decision,
  now: Date,
): Promise<{ mailId: string | null }> {
  const { memberId, actor } = input;
  return withTransaction(db, async (tx) => {
    const closure = await lockPending(tx, memberId);
    const blockers = await closureBlockers(tx, memberId);
    if (blockers.length > 0)
      throw new AppError('CONFLICT', closureBlockedMessage(blockers), {}, { blockers });
    const [packages, retention] = await Promise.all([
      closurePackages(tx, memberId, now),
      readRetentionSettings(tx),
    ]);
    await tx
      .update(accountClosures)
      .set({ status: 'confirmed', decidedAt: now, decidedBy: actor.operatorId })
      .where(eq(accountClosures.id, closure.id));
    await tx.update(members).set({ status: 'closed' }).where(eq(members.id, memberId));
    await revokeMemberSessions(tx, memberId, now);
    await recordOperatorAction(
      tx,
      actor,
      {
        action: 'member.close_confirm',
        targetType: 'member',
        targetId: memberId,
        detail: {
          closureId: closure.id,
          activePackages: packages.active,
          givenUpProfit: microsToDecimalString(packages.remainingMicros),
          eraseAfterDays: retention.closedAccountDays,
        },
      },
      now,
    );
    const mailId = await tellClosure(
      tx,
      memberId,
      { kind: 'confirmed', retentionDays: retention.closedAccountDays },
      input.publicUrl,
      now,
    );
    return { mailId };
  });
}

/** POST operator/members/:id/closure/refuse: the reason goes to the member; audited. */
export async function refuseClosure(
  db: Db,
  input: Decision & { reason: string },
  now: Date,
): Promise<{ mailId: string | null }> {
  const { memberId, actor, reason } = input;
  return withTransaction(db, async (tx) => {
    const closure = await lockPending(tx, memberId);
    await tx
      .update(accountClosures)
      .set({
        status: 'refused',
        decidedAt: now,
        decidedBy: actor.operatorId,
        refusalReason: reason,
      })
      .where(eq(accountClosures.id, closure.id));
    await recordOperatorAction(
      tx,
      actor,
      {
        action: 'member.close_refuse',
        targetType: 'member',
        targetId: memberId,
        detail: { closureId: closure.id, reason },
      },
      now,
    );
    const mailId = await tellClosure(
      tx,
      memberId,
      { kind: 'refused', reason },
      input.publicUrl,
      now,
    );
    return { mailId };
  });
}

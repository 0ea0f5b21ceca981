import { eq } from 'drizzle-orm';
import {
  toMicros,
  UNKNOWN_MEMBER_CODE,
  type AdjustmentView,
  type ProposeAdjustmentBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { proposeAdjustmentBody } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { moneyAdjustments } from '../../db/schema/console.ts';
import { members } from '../../db/schema/members.ts';
import { fieldError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { findAdjustment } from './views.ts';

export type Proposal = z.output<typeof proposeAdjustmentBody>;
export type { ProposeAdjustmentBody };

/**
 * Records a proposed correction of a member's wallet. Nothing moves yet: a second operator
 * approves it (approve-adjustment.ts). The signed amount is stored, so the row says exactly what
 * the ledger will be asked to post.
 */
export async function proposeAdjustment(
  db: Db,
  proposal: Proposal,
  actor: OperatorActor,
  now: Date,
): Promise<AdjustmentView> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.referralCode, proposal.memberCode));
  if (!member) throw fieldError('memberCode', UNKNOWN_MEMBER_CODE);
  const micros = toMicros(proposal.amount);
  const amount = proposal.direction === 'debit' ? -micros : micros;

  const id = await withTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(moneyAdjustments)
      .values({
        memberId: member.id,
        wallet: proposal.wallet,
        amount,
        reason: proposal.reason,
        reference: proposal.reference,
        proposedBy: actor.operatorId,
        proposedAt: now,
      })
      .returning({ id: moneyAdjustments.id });
    if (!created) throw new Error('the adjustment insert returned no row');
    const detail = {
      memberId: member.id,
      wallet: proposal.wallet,
      amount: amount.toString(),
      reason: proposal.reason,
      reference: proposal.reference,
    };
    await recordOperatorAction(
      tx,
      actor,
      { action: 'adjustment.propose', targetType: 'adjustment', targetId: created.id, detail },
      now,
    );
    return created.id;
  });
  const view = await findAdjustment(db, id);
  if (!view) throw new Error(`adjustment ${id} cannot be read back`);
  return view;
}

import { microsToDecimalString, type OperatorDepositView } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { withTransaction } from '../../ledger/index.ts';
import { recordOperatorAction, type OperatorActor } from '../../core/audit.ts';
import { alreadyDecided } from '../../core/already-decided.ts';
import type { MailSite } from '../../core/mail-outbox/member-event-mail.ts';
import type { DepositRow } from './deposit-lists.ts';
import { findOperatorDeposit } from './deposit-lists.ts';
import { closeDeposit, creditDeposit, lockDeposit } from './settle-deposit.ts';

// The operator's two decisions on a pending deposit. Each runs in one transaction with its audit
// row, under the deposit's row lock: of two concurrent confirms one credits, the other finds the
// deposit confirmed and answers 409 naming who confirmed it.

async function lockPending(tx: Tx, id: string): Promise<DepositRow> {
  const deposit = await lockDeposit(tx, id);
  if (!deposit) throw new AppError('NOT_FOUND', 'No such deposit');
  if (deposit.status !== 'pending') throw await alreadyDecided(tx, { noun: 'deposit', ...deposit });
  return deposit;
}

const auditDetail = (deposit: DepositRow) => ({
  memberId: deposit.memberId,
  provider: deposit.provider,
  amount: microsToDecimalString(deposit.amount),
  txHash: deposit.txHash,
});

/** A manual deposit whose USDT the operator found on chain: credit it once. */
export async function confirmDeposit(
  db: Db,
  id: string,
  actor: OperatorActor,
  now: Date,
  site: MailSite,
): Promise<OperatorDepositView> {
  await withTransaction(db, async (tx) => {
    const deposit = await lockPending(tx, id);
    if (deposit.provider !== 'manual') {
      throw new AppError('CONFLICT', 'Gateway deposits are credited by the gateway, not by hand');
    }
    await creditDeposit(tx, deposit, { now, operatorId: actor.operatorId }, site);
    const detail = auditDetail(deposit);
    await recordOperatorAction(
      tx,
      actor,
      { action: 'deposit.confirm', targetType: 'deposit', targetId: id, detail },
      now,
    );
  });
  return readBack(db, id);
}

/** Any pending deposit (manual, or a gateway one an operator must decide, e.g. partly paid). */
export async function rejectDeposit(
  db: Db,
  id: string,
  reason: string,
  actor: OperatorActor,
  now: Date,
): Promise<OperatorDepositView> {
  await withTransaction(db, async (tx) => {
    const deposit = await lockPending(tx, id);
    await closeDeposit(tx, deposit, 'rejected', reason, { now, operatorId: actor.operatorId });
    const detail = { ...auditDetail(deposit), reason };
    await recordOperatorAction(
      tx,
      actor,
      { action: 'deposit.reject', targetType: 'deposit', targetId: id, detail },
      now,
    );
  });
  return readBack(db, id);
}

async function readBack(db: Db, id: string): Promise<OperatorDepositView> {
  const view = await findOperatorDeposit(db, id);
  if (!view) throw new Error(`deposit ${id} cannot be read back`);
  return view;
}

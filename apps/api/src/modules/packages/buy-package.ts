import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  amountRangeMessage,
  applyRate,
  formatAmount,
  NOTIFICATION_LINKS,
  packageLabels,
  type PurchasedPackageView,
} from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { memberPackages } from '../../db/schema/packages.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { InsufficientFundsError, postTransfer, withTransaction } from '../../ledger/index.ts';
import { notifyMember } from '../../core/notifications.ts';
import { businessDaySql, dayStartSql, loadCurrentPlan, type Plan } from '../../core/plan.ts';
import { recordTeamPurchase } from '../../core/team.ts';
import { findPackage } from './catalogue.ts';
import { houseAccountIds, memberAccountIds } from '../../core/account-ids.ts';
import { findMemberPackage } from '../../core/member-packages.ts';
import { packageBoughtMail } from '../../core/mail-outbox/event-mails.ts';
import { queueMemberEventMail, type MailSite } from '../../core/mail-outbox/member-event-mail.ts';

export type BuyPackageInput = {
  memberId: string;
  packageId: string;
  /** Micro-dollars, already parsed exactly. */
  amount: bigint;
  /** The request's Idempotency-Key: it names the transfer, so even a replay after a crash buys once. */
  idempotencyKey?: string | undefined;
  /**
   * PUBLIC_URL for the package-bought mail (decision 0053). A member's purchase passes it; the
   * demo seed and the benchmarks, which buy for members nobody reads mail of, leave it out.
   */
  site?: MailSite;
};

/**
 * Buys a package from the fund wallet in one transaction: the debit to house:package-principal,
 * the purchase, its notification and its effect on the team (rollups, referral and team-level
 * bonuses, ranks) commit together or not at all. Nothing is locked up front: the ledger's
 * conditional update refuses an overdraft, so 30 concurrent buys of a whole balance buy exactly
 * once.
 */
export async function buyPackage(
  db: Db,
  input: BuyPackageInput,
  now: Date,
): Promise<PurchasedPackageView> {
  const [plan, house] = await Promise.all([loadCurrentPlan(db), houseAccountIds(db)]);
  return withTransaction(db, async (tx) => {
    const wallets = await memberAccountIds(db, tx, input.memberId);
    const bought = await debitAndRecord(
      tx,
      input,
      plan,
      { fund: wallets.fund, principal: house.packagePrincipal },
      now,
    );
    const view = await findMemberPackage(tx, input.memberId, bought, now);
    if (!view) throw new Error(`purchase ${bought} cannot be read back`);
    return view;
  });
}

async function debitAndRecord(
  tx: Tx,
  input: BuyPackageInput,
  plan: Plan,
  accounts: { fund: bigint; principal: bigint },
  now: Date,
): Promise<string> {
  const offer = await findPackage(tx, input.packageId);
  if (!offer) throw fieldError('packageId', `${packageLabels.packageId} does not exist`);
  if (!offer.active)
    throw fieldError(
      'packageId',
      `${packageLabels.packageId} ${offer.name} is no longer available`,
    );
  if (input.amount < offer.minAmount || input.amount > offer.maxAmount) {
    throw fieldError(
      'amount',
      amountRangeMessage(packageLabels.amount, offer.minAmount, offer.maxAmount),
    );
  }

  const id = randomUUID();
  const reference = input.idempotencyKey
    ? `buy:${input.memberId}:${input.idempotencyKey}`
    : `buy:${id}`;
  const transfer = await postTransfer(tx, {
    reference,
    kind: 'package-purchase',
    memberId: input.memberId,
    metadata: { memberPackageId: id, packageId: offer.id, packageName: offer.name },
    lines: [
      { accountId: accounts.fund, amount: -input.amount },
      { accountId: accounts.principal, amount: input.amount },
    ],
    now,
  }).catch((error: unknown) => {
    // The transaction rolls back with this error, so nothing of the purchase is written.
    if (error instanceof InsufficientFundsError)
      throw new AppError('INSUFFICIENT_FUNDS', 'Insufficient balance in fund wallet');
    throw error;
  });
  if (transfer.status === 'duplicate') return existingPurchase(tx, transfer.transferId);

  const { timeZone } = plan.settings;
  const today = businessDaySql(now, timeZone);
  // Day N accrues on start + N; the last (start + totalDays) ends when the next day begins.
  const endsAt = dayStartSql(sql`${today} + ${offer.totalDays}::int + 1`, timeZone);
  await tx.insert(memberPackages).values({
    id,
    memberId: input.memberId,
    packageId: offer.id,
    amount: input.amount,
    dailyRate: offer.dailyRate,
    dailyProfit: applyRate(input.amount, BigInt(offer.dailyRate)),
    totalDays: offer.totalDays,
    startDay: sql`${today}`,
    endsAt: sql`${endsAt}`,
    planVersion: plan.version,
    transferId: transfer.transferId,
    createdAt: now,
  });
  await recordTeamPurchase(
    tx,
    { memberId: input.memberId, memberPackageId: id, amount: input.amount, endsAt, now },
    plan,
  );
  await notifyMember(
    tx,
    input.memberId,
    `Package ${offer.name} bought for ${formatAmount(input.amount)}`,
    now,
    { kind: 'money', link: NOTIFICATION_LINKS.investments },
  );
  if (input.site)
    await queueMemberEventMail(
      tx,
      input.memberId,
      'package-bought',
      packageBoughtMail(offer.name, input.amount),
      input.site,
      now,
    );
  return id;
}

/** The same Idempotency-Key already bought (e.g. a retry after a crash): answer with that purchase. */
async function existingPurchase(tx: Tx, transferId: bigint): Promise<string> {
  const [row] = await tx
    .select({ id: memberPackages.id })
    .from(memberPackages)
    .where(eq(memberPackages.transferId, transferId));
  if (!row) throw new Error(`transfer ${transferId} paid for no purchase`);
  return row.id;
}

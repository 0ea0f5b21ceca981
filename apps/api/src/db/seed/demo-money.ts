import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client.ts';
import { mailOutbox } from '../schema/mail.ts';
import { members } from '../schema/members.ts';
import { deposits } from '../schema/money-flows.ts';
import { withTransaction } from '../../ledger/index.ts';
import type { OperatorActor } from '../../core/audit.ts';
import type { Plan } from '../../core/plan.ts';
import type { AppConfig } from '../../config/env.ts';
import { confirmDeposit } from '../../modules/deposits/operator-decisions.ts';
import { placeWithdrawal } from '../../modules/withdrawals/request-withdrawal.ts';
import { payWithdrawal } from '../../modules/withdrawals/settle-withdrawal.ts';

// The demo's money comes in and goes out as members' money does: a manual deposit with its
// chain hash, confirmed by the operator, and a withdrawal asked for and paid with its hash. Each
// through the use case that does it for real, so every wallet's balance is its history and the
// console's overview, liabilities and reconciliation read a working business (decision 0057).

export type DemoSite = Pick<AppConfig, 'publicUrl' | 'explorers'> & {
  /** The operator who confirmed and paid: the installation's first admin. */
  operator: OperatorActor;
  /** The mails the history wrote, marked sent once it is written (markHistoryMailsSent). */
  written: string[];
};

const HOUR_MS = 3_600_000;
const chainHash = () => randomBytes(32).toString('hex');

/** The site a demo step's mails are written for, collecting their ids. */
const mailSite = (site: DemoSite) => ({
  publicUrl: site.publicUrl,
  explorers: site.explorers,
  written: site.written,
});

/** The operator of the demo's history: the first admin, whom the start has just made sure of. */
export async function demoOperator(db: Db): Promise<OperatorActor> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from operators where role = 'admin' and status = 'active'
        order by created_at limit 1`,
  );
  if (!row) throw new Error('demo seed: no admin operator to confirm and pay the history');
  return { operatorId: row.id, role: 'admin', ip: '127.0.0.1' };
}

/** A manual deposit of `amount` sent at `at` with its hash, confirmed by the operator 2 h later. */
export async function confirmedDeposit(
  db: Db,
  site: DemoSite,
  memberId: string,
  amount: bigint,
  at: Date,
): Promise<void> {
  const id = randomUUID();
  await db.insert(deposits).values({
    id,
    memberId,
    provider: 'manual',
    amount,
    txHash: chainHash(),
    createdAt: at,
    updatedAt: at,
  });
  await confirmDeposit(db, id, site.operator, new Date(at.getTime() + 2 * HOUR_MS), mailSite(site));
}

/** A member's own BEP-20 payout address (lower-case hex: a valid address without checksum). */
export const demoPayoutAddress = (index: number) =>
  `0x${(0xdec0de00 + index).toString(16).padStart(40, '0')}`;

/**
 * A withdrawal of `amount` from the profit wallet asked for at `at` to the member's saved
 * address, paid by the operator a day later with its chain hash.
 */
export async function paidWithdrawal(
  db: Db,
  site: DemoSite,
  input: { memberId: string; address: string; amount: bigint; plan: Plan; at: Date },
): Promise<void> {
  await db
    .update(members)
    .set({ payoutAddress: input.address })
    .where(eq(members.id, input.memberId));
  const asked = await withTransaction(db, (tx) =>
    placeWithdrawal(
      db,
      tx,
      { memberId: input.memberId, wallet: 'profit', amount: input.amount, address: input.address },
      input.plan,
      input.at,
    ),
  );
  await payWithdrawal(
    db,
    { id: asked.id, txHash: chainHash(), actor: site.operator },
    new Date(input.at.getTime() + 24 * HOUR_MS),
    mailSite(site),
  );
}

/**
 * The history's mails went out when it happened, not at the demo's first start: each is marked
 * sent at the time it was written (its text erased, as a sent mail's is), so the outbox does not
 * mail ten weeks of events at once.
 */
export async function markHistoryMailsSent(db: Db, site: DemoSite): Promise<void> {
  if (site.written.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: sql`${mailOutbox.createdAt}`, subject: null, body: null })
    .where(inArray(mailOutbox.id, site.written));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatAmount,
  toMicros,
  VERIFICATION_PATH,
  verificationRequiredMessage,
  verificationSettings,
  type VerificationSettings,
} from '@app/contracts';
import type { Executor } from '../db/client.ts';
import { withdrawals } from '../db/schema/money-flows.ts';
import { verificationSubmissions } from '../db/schema/verification.ts';
import { AppError } from '../lib/errors.ts';
import { platformSetting } from './platform-settings.ts';

// When a member must have verified their identity (decision 0055): an operator setting, checked
// here on the server for withdrawals and deposits. An approved member stays approved.

/** From the first withdrawal that takes the member's total past $1,000; deposits never. */
export const DEFAULT_VERIFICATION_SETTINGS: VerificationSettings = {
  withdrawals: 'above-total',
  withdrawalTotal: '1000',
  deposits: 'never',
  depositAmount: '10000',
};

const VERIFICATION_KEY = 'verification';

const verification = platformSetting(
  VERIFICATION_KEY,
  verificationSettings,
  DEFAULT_VERIFICATION_SETTINGS,
);
export const readVerificationSettings = verification.read;
export const saveVerificationSettings = verification.save;

export async function isMemberVerified(db: Executor, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verificationSubmissions.id })
    .from(verificationSubmissions)
    .where(
      and(
        eq(verificationSubmissions.memberId, memberId),
        eq(verificationSubmissions.status, 'approved'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What the member has withdrawn: pending and paid requests, in micro-dollars. */
export async function withdrawnTotal(db: Executor, memberId: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(eq(withdrawals.memberId, memberId), inArray(withdrawals.status, ['pending', 'paid'])),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * How much more an unverified member may withdraw before verification is needed: null when it
 * never is, 0 when every withdrawal needs it.
 */
export function unverifiedRoom(settings: VerificationSettings, withdrawn: bigint): bigint | null {
  if (settings.withdrawals === 'never') return null;
  if (settings.withdrawals === 'every-withdrawal') return 0n;
  const room = toMicros(settings.withdrawalTotal) - withdrawn;
  return room > 0n ? room : 0n;
}

const verificationRequired = (why: string) =>
  new AppError(
    'VERIFICATION_REQUIRED',
    verificationRequiredMessage(why),
    {},
    {
      verificationPath: VERIFICATION_PATH,
    },
  );

/** Refuses a withdrawal of `amount` that the setting says needs a verified identity. */
export async function refuseUnverifiedWithdrawal(
  db: Executor,
  memberId: string,
  amount: bigint,
): Promise<void> {
  const settings = await readVerificationSettings(db);
  if (settings.withdrawals === 'never' || (await isMemberVerified(db, memberId))) return;
  if (settings.withdrawals === 'every-withdrawal')
    throw verificationRequired('every withdrawal needs a verified identity');
  const limit = toMicros(settings.withdrawalTotal);
  const total = (await withdrawnTotal(db, memberId)) + amount;
  if (total > limit)
    throw verificationRequired(
      `with this one your withdrawals come to ${formatAmount(total)}, above ${formatAmount(limit)}`,
    );
}

/** Refuses a deposit above the operators' amount from a member not verified, when set so. */
export async function refuseUnverifiedDeposit(
  db: Executor,
  memberId: string,
  amount: bigint,
): Promise<void> {
  const settings = await readVerificationSettings(db);
  if (settings.deposits === 'never') return;
  const limit = toMicros(settings.depositAmount);
  if (amount <= limit || (await isMemberVerified(db, memberId))) return;
  throw verificationRequired(`deposits above ${formatAmount(limit)} need a verified identity`);
}

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  bigintArray,
  businessDaySql,
  intArray,
  textArray,
  weekStartSql,
  type Plan,
} from './plan.ts';

// The team's side of registration and purchase (decision 0020), shared by the auth and packages
// modules and the demo seed. Each is one call of a SQL function (migration 0012) inside the
// caller's transaction, so the rollups, commissions and ranks commit with the event or not at all.

/** The plan's ranks as the SQL functions take them: parallel arrays, lowest rank first. */
export function rankArguments(plan: Plan): SQL {
  const { ranks } = plan.settings;
  return sql`${textArray(ranks.map((rank) => rank.name))}::text[],
    ${bigintArray(ranks.map((rank) => rank.teamBusiness))}::bigint[],
    ${intArray(ranks.map((rank) => rank.activeDirects))}::int[],
    ${bigintArray(ranks.map((rank) => rank.reward))}::bigint[]`;
}

/** Places a new member under their sponsor (none for a root) and counts them in the upline. */
export async function joinTeam(
  tx: Executor,
  input: { memberId: string; sponsorId: string | null; joinedAt: Date },
  plan: Plan,
): Promise<void> {
  await tx.execute(sql`select team_join(${input.memberId}::uuid, ${input.sponsorId}::uuid,
    ${input.joinedAt.toISOString()}::timestamptz, ${weekStartSql(input.joinedAt, plan.settings.timeZone)})`);
}

export type TeamPurchase = {
  memberId: string;
  memberPackageId: string;
  amount: bigint;
  /** The instant the purchase's last day ends. */
  endsAt: SQL;
  now: Date;
};

/**
 * A purchase's effect on the team: investment and activity, the upline's business, the referral
 * and team-level bonuses judged now (after the purchase counts), and the upline's ranks.
 */
export async function recordTeamPurchase(
  tx: Executor,
  purchase: TeamPurchase,
  plan: Plan,
): Promise<void> {
  const { timeZone, purchaseRates, directsRequired } = plan.settings;
  const { now } = purchase;
  await tx.execute(sql`select team_record_purchase(${purchase.memberId}::uuid,
    ${purchase.memberPackageId}::uuid, ${purchase.amount}::bigint, ${purchase.endsAt},
    ${now.toISOString()}::timestamptz, ${businessDaySql(now, timeZone)}, ${weekStartSql(now, timeZone)},
    ${plan.version}::int, ${intArray(purchaseRates)}::int[], ${intArray(directsRequired)}::int[],
    ${rankArguments(plan)})`);
}

import { sql } from 'drizzle-orm';
import {
  microsToDollars,
  type RankProgressView,
  type RankView,
  type RewardsData,
} from '@app/contracts';
import { queryRows, type Executor } from '../../db/client.ts';
import { listIncomes } from '../../core/income-records.ts';
import type { Plan } from '../../core/plan.ts';
import type { TeamFigures } from '../../core/team-info.ts';

// Ranks by cumulative team business and active directs (decision 0020). The rank held is the one
// the last event recorded (a purchase in the team, or the expiry run); progress compares the
// team's figures now with the next rank of the plan in force.

/** Share of `target` reached, from 0 to 1 (a target of 0 is met). */
const share = (value: bigint, target: bigint) =>
  target <= 0n ? 1 : Math.min(1, Number((value * 10_000n) / target) / 10_000);

export async function readRankProgress(
  db: Executor,
  memberId: string,
  plan: Plan,
  figures: TeamFigures,
): Promise<RankProgressView> {
  const [row] = await queryRows<{ rank_name: string | null }>(
    db,
    sql`select rank_name from team_members where member_id = ${memberId}::uuid`,
  );
  const rank = row?.rank_name ?? null;
  const { ranks } = plan.settings;
  const next = ranks[rank === null ? 0 : ranks.findIndex((item) => item.name === rank) + 1];
  const directs = BigInt(figures.activeDirects);
  return {
    rank,
    teamBusiness: figures.business,
    activeDirects: figures.activeDirects,
    next: next
      ? {
          name: next.name,
          teamBusiness: microsToDollars(next.teamBusiness),
          activeDirects: next.activeDirects,
          businessProgress: share(figures.teamBusinessMicros, next.teamBusiness),
          directsProgress: share(directs, BigInt(next.activeDirects)),
        }
      : null,
  };
}

/** GET safe/fetch-sir-reward: the rank and its progress, every rank of the plan, the rewards. */
export async function readRewards(
  db: Executor,
  memberId: string,
  plan: Plan,
  figures: TeamFigures,
): Promise<RewardsData> {
  const [progress, achieved, rewards] = await Promise.all([
    readRankProgress(db, memberId, plan, figures),
    queryRows<{ rank_name: string; reached_at: Date | string }>(
      db,
      sql`select rank_name, reached_at from rank_achievements where member_id = ${memberId}::uuid`,
    ),
    listIncomes(db, memberId, ['reward'], { page: 1, pageSize: 100 }),
  ]);
  const reachedAt = new Map(achieved.map((row) => [row.rank_name, new Date(row.reached_at)]));
  const ranks: RankView[] = plan.settings.ranks.map((rank) => ({
    name: rank.name,
    teamBusiness: microsToDollars(rank.teamBusiness),
    activeDirects: rank.activeDirects,
    monthlySalary: microsToDollars(rank.monthlySalary),
    reward: microsToDollars(rank.reward),
    achieved: reachedAt.has(rank.name),
    firstReachedAt: reachedAt.get(rank.name)?.toISOString() ?? null,
    current: rank.name === progress.rank,
  }));
  return { ...progress, ranks, rewards: rewards.data, rewardsTotal: rewards.totalAmount };
}

// A large team generated in a few set-based statements for the team benchmarks: what registrations
// and purchases would have left in the tables, without running a million use cases. Members are
// numbered 1..N in joining order; member n > 1 was sponsored by member (n - 2) / B + 1 (B directs
// each, a complete B-ary tree), so member 1 leads the whole team and with B = 5 a million members
// sit within 9 levels of it. Everyone joined and bought one package in one week: the ledger holds
// each member's funding and purchase (two balanced transfers), member_packages the purchase, and
// the team tables its rollups and the ranks the plan's rules give. The statements run in one
// transaction with triggers off (session_replication_role), as a bulk load does; the bench's
// reconciliation then checks the books it wrote.
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../apps/api/src/db/client.ts';

/** The benches' team: five directs each, joined and bought in the week of Monday 2026-11-16 (UTC). */
export const BENCH_BRANCHING = 5;
export const BENCH_WEEK_START = new Date('2026-11-16T00:00:00Z');

export type TeamShape = {
  members: number;
  /** Directs of every member that has any (the last level is partly filled). */
  branching: number;
  /** Joining (and buying) is spread over this week: [start, start + 7 days). */
  weekStart: Date;
};

/** What each member bought: $100, $1,000 or $3,000 by member number, in micro-dollars. */
export const investedSql = (n: string) =>
  `(array[100000000, 1000000000, 3000000000]::bigint[])[${n} % 3 + 1]`;

/** Timings in seconds of each step, for the bench's report. */
export type GenerationReport = Record<string, number>;

async function timed(report: GenerationReport, step: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  report[step] = (performance.now() - started) / 1000;
}

type RankRule = { name: string; teamBusiness: bigint; activeDirects: number };

/**
 * Fills a freshly migrated database with the team of `shape`: members, wallets, the ledger of
 * their purchases, the closure table to depth 10, team_members, team_levels, team_weeks, and the
 * ranks the plan's rank rules give (a rank change at the end of the week, as purchases record).
 */
export async function generateTeam(
  db: Db,
  shape: TeamShape,
  ranks: RankRule[],
): Promise<GenerationReport> {
  const report: GenerationReport = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await loadTeam(tx, shape, ranks, report);
  });
  await timed(report, 'analyze', async () => {
    for (const table of ['bench_tree', 'bench_buys', 'bench_ids'])
      await db.execute(sql.raw(`drop table ${table}`));
    await db.execute(sql.raw('analyze'));
  });
  return report;
}

async function loadTeam(
  db: Executor,
  shape: TeamShape,
  ranks: RankRule[],
  report: GenerationReport,
) {
  const { members, branching } = shape;
  const start = shape.weekStart.toISOString();
  // Member n joins (and buys) at start + n × step, so joining order is member order.
  const stepMs = Math.floor((7 * 86_400_000 - 60_000) / members);
  const joinedAt = (n: string) =>
    `(timestamptz '${start}' + (${n}::bigint * ${stepMs}) * interval '1 millisecond')`;
  const sponsorOf = (n: string) => `((${n} - 2) / ${branching} + 1)`;

  await timed(report, 'members', async () => {
    await db.execute(
      sql.raw(
        `create unlogged table bench_ids (n int primary key, id uuid not null default gen_random_uuid())`,
      ),
    );
    await db.execute(sql.raw(`insert into bench_ids (n) select generate_series(1, ${members})`));
    await db.execute(
      sql.raw(`insert into members (id, referral_code, sponsor_id, name, email, mobile, password_hash, created_at)
      select b.id, 'TEAM' || b.n, s.id, 'Team member ' || b.n, 'team' || b.n || '@example.test',
        '+919876543210', 'not-a-hash', ${joinedAt('b.n')}
      from bench_ids b left join bench_ids s on s.n = ${sponsorOf('b.n')} and b.n > 1
      order by b.n`),
    );
  });
  await timed(report, 'wallets', () =>
    db.execute(
      sql.raw(`insert into accounts (member_id, kind, created_at)
      select b.id, k.kind, ${joinedAt('b.n')}
      from bench_ids b cross join (values ('fund'), ('profit'), ('compounding')) as k(kind)`),
    ),
  );
  // Each purchase as buy-package writes it: funded by an adjustment, then fund → principal.
  await timed(report, 'ledger and packages', async () => {
    await db.execute(
      sql.raw(`create unlogged table bench_buys as
      select b.n, b.id as member_id, gen_random_uuid() as package_row, a.id as fund_account,
        ${joinedAt('b.n')} as at, ${investedSql('b.n')} as amount
      from bench_ids b join accounts a on a.member_id = b.id and a.kind = 'fund'`),
    );
    await db.execute(
      sql.raw(`insert into transfers (reference, kind, member_id, metadata, created_at)
      select 'bench-fund:' || member_id, 'adjustment', member_id, '{"reason":"bench funding"}', at from bench_buys
      union all
      select 'buy:' || package_row, 'package-purchase', member_id,
        jsonb_build_object('memberPackageId', package_row), at from bench_buys`),
    );
    await db.execute(
      sql.raw(`insert into postings (transfer_id, account_id, amount, balance_after, created_at)
      select t.id, x.account_id, x.amount, x.balance_after, b.at
      from bench_buys b
      join transfers f on f.reference = 'bench-fund:' || b.member_id
      join transfers p on p.reference = 'buy:' || b.package_row
      cross join lateral (values
        (f.id, (select id from accounts where member_id is null and kind = 'house:adjustments'), -b.amount, null::bigint),
        (f.id, b.fund_account, b.amount, b.amount),
        (p.id, b.fund_account, -b.amount, 0::bigint),
        (p.id, (select id from accounts where member_id is null and kind = 'house:package-principal'), b.amount, null::bigint)
      ) as x(transfer, account_id, amount, balance_after)
      join transfers t on t.id = x.transfer`),
    );
    await db.execute(
      sql.raw(`insert into member_packages (id, member_id, package_id, amount, daily_rate, daily_profit,
        total_days, start_day, ends_at, plan_version, transfer_id, created_at)
      select b.package_row, b.member_id, k.id, b.amount, k.daily_rate, b.amount * k.daily_rate / 1000000,
        k.total_days, (b.at at time zone 'UTC')::date,
        ((b.at at time zone 'UTC')::date + k.total_days + 1)::timestamp at time zone 'UTC',
        (select max(version) from plan_versions), t.id, b.at
      from bench_buys b
      join packages k on b.amount between k.min_amount and k.max_amount
      join transfers t on t.reference = 'buy:' || b.package_row`),
    );
  });
  // Ancestors by number (depth 1..10), then by id: the closure table registration writes.
  await timed(report, 'closure table', async () => {
    await db.execute(
      sql.raw(`create unlogged table bench_tree as
      with recursive up(ancestor, descendant, depth) as (
        select ${sponsorOf('n')}, n, 1 from bench_ids where n > 1
        union all
        select ${sponsorOf('ancestor')}, descendant, depth + 1 from up where ancestor > 1 and depth < 10
      ) select * from up`),
    );
    await db.execute(
      sql.raw(`insert into member_tree (ancestor_id, descendant_id, depth, joined_at)
      select a.id, d.id, t.depth, ${joinedAt('t.descendant')}
      from bench_tree t join bench_ids a on a.n = t.ancestor join bench_ids d on d.n = t.descendant`),
    );
  });
  await timed(report, 'team rollups', async () => {
    // The members' own figures, then their levels, totals and week, all from the closure table.
    await db.execute(
      sql.raw(`insert into team_members (member_id, sponsor_id, joined_at, invested, active_until,
        counted_active, leg_business)
      select b.id, s.id, ${joinedAt('b.n')}, ${investedSql('b.n')}, mp.ends_at, true, ${investedSql('b.n')}
      from bench_ids b left join bench_ids s on s.n = ${sponsorOf('b.n')} and b.n > 1
        join member_packages mp on mp.member_id = b.id`),
    );
    await db.execute(
      sql.raw(`insert into team_levels (member_id, level, members, active, business)
      select a.id, t.depth, count(*), count(*), sum(${investedSql('t.descendant')})
      from bench_tree t join bench_ids a on a.n = t.ancestor
      group by a.id, t.depth`),
    );
    await db.execute(
      sql.raw(`update team_members tm set team_business = l.business, team_size = l.members,
        leg_business = tm.invested + l.leg_business, leg_size = 1 + l.leg_size
      from (select member_id, sum(business)::bigint as business, sum(members)::int as members,
          coalesce(sum(business) filter (where level <= 9), 0)::bigint as leg_business,
          coalesce(sum(members) filter (where level <= 9), 0)::int as leg_size
        from team_levels group by member_id) l
      where l.member_id = tm.member_id`),
    );
    await db.execute(
      sql.raw(`insert into team_weeks (member_id, week_start, joined, business)
      select member_id, '${start.slice(0, 10)}'::date, members, business
      from (select member_id, sum(members)::int as members, sum(business)::bigint as business
        from team_levels group by member_id) w`),
    );
  });
  await timed(report, 'ranks', async () => {
    // The highest rank whose team business and active directs (all directs are active) are met.
    const names = ranks.map((rank) => `'${rank.name}'`).join(',');
    const business = ranks.map((rank) => rank.teamBusiness.toString()).join(',');
    const directs = ranks.map((rank) => rank.activeDirects).join(',');
    await db.execute(
      sql.raw(`with held as (
        select tm.member_id, (array[${names}]::text[])[r.rank] as rank_name
        from team_members tm
        left join team_levels l on l.member_id = tm.member_id and l.level = 1
        cross join lateral (
          select max(i) as rank from generate_subscripts(array[${business}]::bigint[], 1) i
          where tm.team_business >= (array[${business}]::bigint[])[i]
            and coalesce(l.active, 0) >= (array[${directs}]::int[])[i]
        ) r
        where r.rank is not null
      ), updated as (
        update team_members tm set rank_name = h.rank_name from held h where h.member_id = tm.member_id
      )
      insert into rank_changes (member_id, rank_name, changed_at, plan_version)
      select h.member_id, h.rank_name, timestamptz '${start}' + interval '7 days' - interval '1 minute',
        (select max(version) from plan_versions)
      from held h`),
    );
  });
}

/** The leader of the generated team (member 1). */
export async function leaderOf(db: Db): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from members where referral_code = 'TEAM1'`,
  );
  if (!row) throw new Error('no generated team');
  return row.id;
}

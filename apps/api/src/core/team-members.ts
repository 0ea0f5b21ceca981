import { sql } from 'drizzle-orm';
import { microsToDollars, type TeamListQuery, type TeamMemberPage } from '@app/contracts';
import { queryRows, type Executor } from '../db/client.ts';

// One level of the member's team, newest first, straight from the closure table's index
// (ancestor, depth, joined_at desc nulls last, descendant): the first pages of a level with a
// million members cost the same as those of a small one (an order the index does not give, such
// as the descendant descending, sorts the whole level). The count comes from the level's rollup
// unless a search narrows it.

type MemberRow = {
  name: string;
  referral_code: string;
  joined_at: Date | string;
  level: number;
  sponsor_name: string | null;
  sponsor_code: string | null;
  active: boolean;
  active_investment: string;
  invested: string;
  team_business: string;
  team_size: number;
};

/** Search text as a LIKE prefix: % and _ typed by the member match themselves. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export async function listTeamMembers(
  db: Executor,
  memberId: string,
  level: number,
  query: TeamListQuery,
  now: Date,
): Promise<TeamMemberPage> {
  // The Registered ID exactly, or the name's start (members_name_prefix_idx): the matches are
  // found first, then each one's place in the tree is checked.
  const search = query.q
    ? sql`and t.descendant_id in (select m.id from members m
        where m.referral_code = ${query.q.toUpperCase()} or lower(m.name) like lower(${likePrefix(query.q)}))`
    : sql``;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [rows, [count]] = await Promise.all([
    queryRows<MemberRow>(
      db,
      sql`
      select m.name, m.referral_code, t.joined_at, t.depth as level, s.name as sponsor_name,
        s.referral_code as sponsor_code, coalesce(tm.active_until > ${at}, false) as active,
        (select coalesce(sum(mp.amount), 0) from member_packages mp
          where mp.member_id = m.id and mp.created_at <= ${at} and mp.ends_at > ${at})::text
          as active_investment,
        tm.invested::text, tm.team_business::text, tm.team_size
      from (
        -- The page first, in the index's own order, so skipping earlier pages reads index
        -- entries only; then the page's 20 rows are joined.
        select t.descendant_id, t.joined_at, t.depth from member_tree t
        where t.ancestor_id = ${memberId}::uuid and t.depth = ${level}::int ${search}
        order by t.joined_at desc nulls last, t.descendant_id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      ) t
        join members m on m.id = t.descendant_id
        join team_members tm on tm.member_id = t.descendant_id
        left join members s on s.id = m.sponsor_id
      order by t.joined_at desc nulls last, t.descendant_id`,
    ),
    query.q
      ? queryRows<{ total: number }>(
          db,
          sql`select count(*)::int as total from member_tree t
          where t.ancestor_id = ${memberId}::uuid and t.depth = ${level}::int ${search}`,
        )
      : queryRows<{ total: number }>(
          db,
          sql`select coalesce((select members from team_levels
            where member_id = ${memberId}::uuid and level = ${level}::int), 0) as total`,
        ),
  ]);
  return {
    data: rows.map((row) => ({
      name: row.name,
      referralCode: row.referral_code,
      joinedAt: new Date(row.joined_at).toISOString(),
      level: row.level,
      sponsor:
        row.sponsor_name === null || row.sponsor_code === null
          ? null
          : { name: row.sponsor_name, referralCode: row.sponsor_code },
      active: row.active,
      activeInvestment: microsToDollars(BigInt(row.active_investment)),
      totalInvestment: microsToDollars(BigInt(row.invested)),
      teamBusiness: microsToDollars(BigInt(row.team_business)),
      teamMembers: row.team_size,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.total ?? 0,
  };
}

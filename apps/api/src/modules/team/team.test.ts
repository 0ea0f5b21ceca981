import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { expireTeamActivity } from '../../core/team-expiry.ts';
import { api, at, insertPackage, buy } from '../../testing/members.ts';
import { buyAmount, settle, teamMember } from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// A team of known shape, its figures read through the API:
//   root ─ a ─ a1 ─ a11
//        │    └ a2
//        ├ b ─ b1
//        └ c
type Team = Record<'root' | 'a' | 'a1' | 'a11' | 'a2' | 'b' | 'b1' | 'c', string>;

/** Builds the team above on `t`, leaving its clock on Monday 2026-03-09 10:00. */
async function buildTeam(t: TestApp): Promise<{ m: Team; codes: Map<string, string> }> {
  t.clock.set(at(0, 10)); // Monday 2026-03-02
  const root = await teamMember(t, null);
  const a = await teamMember(t, root);
  t.clock.set(at(0, 11));
  const b = await teamMember(t, root);
  t.clock.set(at(7, 10)); // the next week
  const c = await teamMember(t, root);
  const a1 = await teamMember(t, a);
  const a2 = await teamMember(t, a);
  const b1 = await teamMember(t, b);
  const a11 = await teamMember(t, a1);
  const rows = await queryRows<{ id: string; referral_code: string }>(
    t.ctx.database.db,
    sql`select id, referral_code from members`,
  );
  const codes = new Map(rows.map((row) => [row.id, row.referral_code]));
  await buyAmount(t, a, '1000');
  await buyAmount(t, a1, '200');
  await buyAmount(t, a11, '50');
  await buyAmount(t, b, '2500');
  await buyAmount(t, b1, '100');
  return { m: { root, a, a1, a11, a2, b, b1, c }, codes };
}

// The cases that only read the team share one app whose team and clock nothing changes; a case
// that buys, moves the clock or expires packages builds the team on an app of its own.
let t: TestApp;
let m: Team;
let codes: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ m, codes } = await buildTeam(t));
});
afterAll(() => t.close());

describe('GET auth/team-info', () => {
  it('counts members, active members and business per level from the rollups', async () => {
    const info = await api(t, m.root, 'GET', 'auth/team-info');
    expect(info.body.data).toEqual({
      direct: 3,
      activeDirects: 2,
      total: 7,
      active: 5,
      business: 3850,
      weeklyBusiness: 3850,
      levels: [
        { level: 1, members: 3, active: 2, business: 3500 },
        { level: 2, members: 3, active: 2, business: 300 },
        { level: 3, members: 1, active: 1, business: 50 },
        ...[4, 5, 6, 7, 8, 9, 10].map((level) => ({ level, members: 0, active: 0, business: 0 })),
      ],
    });
    const own = await api(t, m.a1, 'GET', 'auth/team-info');
    expect(own.body.data).toMatchObject({ direct: 1, total: 1, business: 50 });
  });
});

describe('team lists', () => {
  it('lists the direct referrals newest first with their own figures', async () => {
    const list = await api(t, m.root, 'GET', 'auth/refer-list');
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.data.map((row: { referralCode: string }) => row.referralCode)).toEqual([
      codes.get(m.c),
      codes.get(m.b),
      codes.get(m.a),
    ]);
    expect(list.body.data.data[2]).toMatchObject({
      level: 1,
      active: true,
      activeInvestment: 1000,
      totalInvestment: 1000,
      teamBusiness: 250,
      teamMembers: 3,
      joinedAt: at(0, 10).toISOString(),
    });
    expect(list.body.data.data[0]).toMatchObject({ active: false, activeInvestment: 0 });
  });

  it('lists one level with sponsors, searches by Registered ID or name start, and pages', async () => {
    const level = await api(t, m.root, 'GET', 'team/level-members?level=2&pageSize=2');
    expect(level.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(level.body.data.data).toHaveLength(2);
    const byCode = await api(
      t,
      m.root,
      'GET',
      `team/level-members?level=2&q=${codes.get(m.b1)!.toLowerCase()}`,
    );
    expect(byCode.body.data).toMatchObject({ total: 1 });
    expect(byCode.body.data.data[0]).toMatchObject({
      referralCode: codes.get(m.b1),
      sponsor: { referralCode: codes.get(m.b) },
    });
    const name = byCode.body.data.data[0].name as string;
    const byName = await api(
      t,
      m.root,
      'GET',
      `team/level-members?level=2&q=${encodeURIComponent(name.toUpperCase())}`,
    );
    expect(byName.body.data.data.map((row: { name: string }) => row.name)).toContain(name);
    const none = await api(t, m.root, 'GET', 'team/level-members?level=2&q=%25');
    expect(none.body.data).toMatchObject({ total: 0, data: [] });
    const refused = await api(t, m.root, 'GET', 'team/level-members?level=11');
    expect(refused.status).toBe(422);
    expect(refused.body.message[0].validation_results).toEqual([
      { field: 'level', reason: 'Level must be between 1 and 10' },
    ]);
  });

  it('shows a member only their own team', async () => {
    const list = await api(t, m.b, 'GET', 'auth/refer-list');
    expect(list.body.data.data.map((row: { referralCode: string }) => row.referralCode)).toEqual([
      codes.get(m.b1),
    ]);
    const upward = await api(t, m.b1, 'GET', `team/level-members?level=1&q=${codes.get(m.root)}`);
    expect(upward.body.data.total).toBe(0);
  });
});

describe('GET team/analysis', () => {
  it('compares the legs, sums the rest, and grows week by week', async () => {
    const answer = await api(t, m.root, 'GET', 'team/analysis?weeks=4');
    const data = answer.body.data;
    expect(data.legs).toEqual([
      { name: expect.any(String), referralCode: codes.get(m.b), business: 2600, members: 2 },
      { name: expect.any(String), referralCode: codes.get(m.a), business: 1250, members: 4 },
      { name: expect.any(String), referralCode: codes.get(m.c), business: 0, members: 1 },
    ]);
    expect(data.otherLegs).toEqual({ count: 0, business: 0, members: 0 });
    expect(data.growth).toEqual([
      { weekStart: '2026-02-16', joined: 0, business: 0, members: 0 },
      { weekStart: '2026-02-23', joined: 0, business: 0, members: 0 },
      { weekStart: '2026-03-02', joined: 2, business: 0, members: 2 },
      { weekStart: '2026-03-09', joined: 5, business: 3850, members: 7 },
    ]);
    expect(data.rank).toMatchObject({
      rank: null,
      teamBusiness: 3850,
      activeDirects: 2,
      next: {
        name: 'Bronze',
        teamBusiness: 5000,
        activeDirects: 3,
        businessProgress: 0.77,
        directsProgress: 0.6666,
      },
    });
  });
});

describe('ranks and rewards', () => {
  let t: TestApp;
  let m: Team;
  beforeEach(async () => {
    t = await createTestApp();
    ({ m } = await buildTeam(t));
  });
  afterEach(() => t.close());

  it('reaches Bronze at the purchase that meets both, pays its reward once, and drops when a direct ends', async () => {
    t.clock.set(at(8, 10));
    // A 3-day package, so the root's third active direct ends soon after.
    const short = await insertPackage(t, { name: 'Short', days: 3, rate: 1_000 });
    expect((await buy(t, m.c, { packageId: short, amount: 1200 })).status).toBe(200); // 3 active directs, $5,050
    await settle(t);
    const rewards = await api(t, m.root, 'GET', 'safe/fetch-sir-reward');
    expect(rewards.body.data).toMatchObject({
      rank: 'Bronze',
      activeDirects: 3,
      teamBusiness: 5050,
      rewardsTotal: 25,
    });
    expect(rewards.body.data.ranks[0]).toEqual({
      name: 'Bronze',
      teamBusiness: 5000,
      activeDirects: 3,
      monthlySalary: 50,
      reward: 25,
      achieved: true,
      firstReachedAt: at(8, 10).toISOString(),
      current: true,
    });
    expect(rewards.body.data.rewards).toEqual([
      expect.objectContaining({ kind: 'reward', rank: 'Bronze', amount: 25, status: 'paid' }),
    ]);
    // Bought on 2026-03-10 for 3 days: its last day is the 13th, so it ends as the 14th begins.
    t.clock.set(at(12, 1));
    expect(await expireTeamActivity(t.ctx.database.db, t.clock.now(), { batchSize: 10 })).toBe(1);
    const after = await api(t, m.root, 'GET', 'safe/fetch-sir-reward');
    expect(after.body.data).toMatchObject({ rank: null, activeDirects: 2, rewardsTotal: 25 });
    expect(after.body.data.ranks[0]).toMatchObject({ achieved: true, current: false });
    const changes = await queryRows<{ rank_name: string | null; changed_at: string }>(
      t.ctx.database.db,
      sql`select rank_name, to_json(changed_at) #>> '{}' as changed_at from rank_changes
      where member_id = ${m.root}::uuid order by id`,
    );
    expect(changes.map((row) => [row.rank_name, new Date(row.changed_at).toISOString()])).toEqual([
      ['Bronze', at(8, 10).toISOString()],
      [null, '2026-03-14T00:00:00.000Z'],
    ]);
    // Reaching Bronze again earns no second reward.
    await buyAmount(t, m.c, '50');
    await settle(t);
    expect((await api(t, m.root, 'GET', 'safe/fetch-sir-reward')).body.data).toMatchObject({
      rank: 'Bronze',
      rewardsTotal: 25,
    });
    const info = await api(t, m.root, 'GET', 'auth/team-info');
    expect(info.body.data).toMatchObject({ activeDirects: 3, active: 6 });
  });
});

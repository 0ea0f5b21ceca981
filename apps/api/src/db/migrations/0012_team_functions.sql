-- The team and its incomes (decision 0020): plan version 2 with every rate of the plan, the team
-- rollups filled from what already exists. The functions that keep them and pay from them are in
-- apps/api/src/db/functions (team/, income/, packages/claim-profit.sql; decision 0031).
--
-- Locking protocol of every team write (registration, purchase, expiry): first lock the
-- team_members rows of every member whose figures change, in member id order; only then touch
-- team_levels and team_weeks. Claims and the settlement never lock team rows: a claim only reads
-- them (who is active, how many active directs) and writes its income records, so the members at
-- the top of a large team are not a row that every claim below them waits for.

-- Plan version 2: the whole plan of the product, keeping what the version in force already set.
INSERT INTO plan_versions (version, settings, created_at)
SELECT coalesce(max(p.version), 0) + 1,
  '{"timeZone":"UTC","missedDays":"carry","compoundingDailyPercentage":0.1,"referralBonusPercentage":5,"teamLevelBonusPercentages":[0,2,1,1,0.5,0.5,0,0,0,0],"teamProfitPercentages":[10,5,3,2,1,1,1,1,0.5,0.5],"directsRequired":[1,1,2,2,3,3,4,4,5,5],"weeklyTiers":[{"fromBusiness":1000,"percentage":1},{"fromBusiness":5000,"percentage":1.5},{"fromBusiness":25000,"percentage":2}],"ranks":[{"name":"Bronze","teamBusiness":5000,"activeDirects":3,"monthlySalary":50,"reward":25},{"name":"Silver","teamBusiness":25000,"activeDirects":5,"monthlySalary":250,"reward":100},{"name":"Gold","teamBusiness":100000,"activeDirects":8,"monthlySalary":1000,"reward":500},{"name":"Platinum","teamBusiness":500000,"activeDirects":10,"monthlySalary":5000,"reward":2500},{"name":"Diamond","teamBusiness":2000000,"activeDirects":15,"monthlySalary":20000,"reward":10000}],"incomeCapMultiple":null}'::jsonb
    || jsonb_strip_nulls(jsonb_build_object(
      'timeZone', latest.settings -> 'timeZone',
      'missedDays', latest.settings -> 'missedDays',
      'compoundingDailyPercentage', (latest.settings ->> 'compoundingDailyRate')::numeric / 10000)),
  now()
FROM plan_versions p
LEFT JOIN LATERAL (SELECT settings FROM plan_versions ORDER BY version DESC LIMIT 1) latest ON true
GROUP BY latest.settings;
--> statement-breakpoint

-- The rollups of the members who exist already (a new database has none).
INSERT INTO team_members (member_id, sponsor_id, joined_at, invested, active_until, counted_active)
SELECT m.id, m.sponsor_id, m.created_at, coalesce(p.invested, 0), p.active_until, coalesce(p.active_until > now(), false)
FROM members m
LEFT JOIN (SELECT member_id, sum(amount) AS invested, max(ends_at) AS active_until
  FROM member_packages GROUP BY member_id) p ON p.member_id = m.id;
--> statement-breakpoint
INSERT INTO team_levels (member_id, level, members, active, business)
SELECT t.ancestor_id, t.depth, count(*), count(*) FILTER (WHERE d.counted_active), sum(d.invested)
FROM member_tree t JOIN team_members d ON d.member_id = t.descendant_id
GROUP BY t.ancestor_id, t.depth;
--> statement-breakpoint
UPDATE team_members tm SET team_business = l.business, team_size = l.members,
  leg_business = tm.invested + l.leg_business, leg_size = 1 + l.leg_size
FROM (SELECT member_id, sum(business)::bigint AS business, sum(members)::int AS members,
    coalesce(sum(business) FILTER (WHERE level <= 9), 0)::bigint AS leg_business,
    coalesce(sum(members) FILTER (WHERE level <= 9), 0)::int AS leg_size
  FROM team_levels GROUP BY member_id) l
WHERE l.member_id = tm.member_id;
--> statement-breakpoint
UPDATE team_members SET leg_business = invested WHERE team_size = 0;
--> statement-breakpoint
INSERT INTO team_weeks (member_id, week_start, joined, business)
SELECT x.ancestor_id, x.week_start, sum(x.joined), sum(x.business)
FROM (
  SELECT t.ancestor_id, date_trunc('week', t.joined_at AT TIME ZONE
      (SELECT settings ->> 'timeZone' FROM plan_versions ORDER BY version DESC LIMIT 1))::date AS week_start,
    1 AS joined, 0::bigint AS business
  FROM member_tree t
  UNION ALL
  SELECT t.ancestor_id, date_trunc('week', mp.start_day)::date, 0, mp.amount
  FROM member_tree t JOIN member_packages mp ON mp.member_id = t.descendant_id
) x
GROUP BY x.ancestor_id, x.week_start;

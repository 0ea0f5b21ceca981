-- The team and its incomes (decision 0020): plan version 2 with every rate of the plan, the team
-- rollups filled from what already exists, and the functions that keep them and pay from them.
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+.
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
--> statement-breakpoint

-- A new member joins their sponsor's team: their place in the tree (10 levels up at most) and one
-- more member on each ancestor's level, team size and week.
CREATE FUNCTION team_join(p_member uuid, p_sponsor uuid, p_joined_at timestamptz, p_week date)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_members (member_id, sponsor_id, joined_at) VALUES (p_member, p_sponsor, p_joined_at);
  IF p_sponsor IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO member_tree (ancestor_id, descendant_id, depth, joined_at)
    SELECT p_sponsor, p_member, 1, p_joined_at
    UNION ALL
    SELECT t.ancestor_id, p_member, t.depth + 1, p_joined_at
      FROM member_tree t WHERE t.descendant_id = p_sponsor AND t.depth < 10;
  PERFORM 1 FROM team_members tm
    WHERE tm.member_id IN (SELECT t.ancestor_id FROM member_tree t WHERE t.descendant_id = p_member)
    ORDER BY tm.member_id FOR UPDATE;
  UPDATE team_members tm SET team_size = tm.team_size + 1,
      leg_size = tm.leg_size + CASE WHEN t.depth <= 9 THEN 1 ELSE 0 END
    FROM member_tree t WHERE t.descendant_id = p_member AND tm.member_id = t.ancestor_id;
  INSERT INTO team_levels AS l (member_id, level, members)
    SELECT t.ancestor_id, t.depth, 1 FROM member_tree t WHERE t.descendant_id = p_member ORDER BY t.ancestor_id
    ON CONFLICT (member_id, level) DO UPDATE SET members = l.members + 1;
  INSERT INTO team_weeks AS w (member_id, week_start, joined)
    SELECT t.ancestor_id, p_week, 1 FROM member_tree t WHERE t.descendant_id = p_member ORDER BY t.ancestor_id
    ON CONFLICT (member_id, week_start) DO UPDATE SET joined = w.joined + 1;
END
$$;
--> statement-breakpoint

-- The commissions of one event (a purchase or a claim) for the source member's upline, one record
-- per level with a rate: `p_first_kind` for level 1, `p_kind` above. Eligibility is judged now,
-- after the event's own effect: the earner needs an active package (now < active_until) and, for
-- level L, at least p_directs[L] direct referrals with one (counted with a LIMIT, so a leader with
-- thousands of directs costs as little as one with five). Unpaid records keep the reason; records
-- the plan pays wait as `pending` for the settlement. Amounts are floor(base × rate); a share that
-- rounds to 0 is not recorded.
CREATE FUNCTION income_fan_out(
  p_source uuid, p_cause text, p_first_kind text, p_kind text, p_base bigint, p_rates integer[],
  p_directs integer[], p_member_package uuid, p_period text, p_plan_version integer, p_day date,
  p_now timestamptz
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO incomes (member_id, kind, status, amount, reason, reason_detail, source_member_id, level,
    base_amount, rate, cause, member_package_id, period, plan_version, business_day, created_at)
  SELECT e.ancestor_id,
    CASE WHEN e.depth = 1 THEN p_first_kind ELSE p_kind END,
    CASE WHEN e.has_package AND e.directs >= e.required THEN 'pending' ELSE 'not-paid' END,
    e.amount,
    CASE WHEN NOT e.has_package THEN 'no-active-package'
      WHEN e.directs < e.required THEN 'level-locked' END,
    CASE WHEN e.has_package AND e.directs < e.required
      THEN jsonb_build_object('activeDirects', e.directs, 'required', e.required) END,
    p_source, e.depth, p_base, e.rate, p_cause, p_member_package, p_period, p_plan_version, p_day, p_now
  FROM (
    SELECT t.ancestor_id, t.depth, p_rates[t.depth] AS rate, p_directs[t.depth] AS required,
      (p_base * p_rates[t.depth]) / 1000000 AS amount,
      coalesce(tm.active_until > p_now, false) AS has_package,
      (SELECT count(*) FROM (
        SELECT 1 FROM team_members d
        WHERE d.sponsor_id = t.ancestor_id AND d.active_until > p_now
        LIMIT p_directs[t.depth]) x)::integer AS directs
    FROM member_tree t JOIN team_members tm ON tm.member_id = t.ancestor_id
    WHERE t.descendant_id = p_source AND p_rates[t.depth] > 0
  ) e
  WHERE e.amount > 0
  ON CONFLICT (kind, cause, member_id) DO NOTHING
$$;
--> statement-breakpoint

-- Re-evaluates the rank of each member at instant p_at: the highest rank whose team business and
-- active directs they meet. A change is recorded with its instant (the rank held at any moment
-- is the latest change before it) and notified; every rank up to the one held that is reached
-- for the first time earns its reward once (rank_achievements' key), as a pending income.
CREATE FUNCTION team_update_ranks(
  p_members uuid[], p_at timestamptz, p_now timestamptz, p_day date, p_plan_version integer,
  p_rank_names text[], p_rank_business bigint[], p_rank_directs integer[], p_rank_rewards bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_member record;
  v_directs integer;
  v_rank integer;
  v_name text;
  v_most_directs integer := coalesce((SELECT max(d) FROM unnest(p_rank_directs) d), 0);
BEGIN
  FOR v_member IN
    SELECT tm.member_id, tm.team_business, tm.rank_name FROM team_members tm
    WHERE tm.member_id = ANY(p_members) ORDER BY tm.member_id
  LOOP
    SELECT count(*) INTO v_directs FROM (
      SELECT 1 FROM team_members d
      WHERE d.sponsor_id = v_member.member_id AND d.active_until > p_at LIMIT v_most_directs) x;
    SELECT coalesce(max(i), 0) INTO v_rank FROM generate_subscripts(p_rank_names, 1) i
      WHERE v_member.team_business >= p_rank_business[i] AND v_directs >= p_rank_directs[i];
    v_name := CASE WHEN v_rank = 0 THEN NULL ELSE p_rank_names[v_rank] END;
    IF v_name IS DISTINCT FROM v_member.rank_name THEN
      UPDATE team_members SET rank_name = v_name WHERE member_id = v_member.member_id;
      INSERT INTO rank_changes (member_id, rank_name, changed_at, plan_version)
        VALUES (v_member.member_id, v_name, p_at, p_plan_version);
      INSERT INTO notifications (member_id, message, created_at) VALUES (v_member.member_id,
        CASE WHEN v_name IS NULL THEN 'You no longer hold a rank: ' || v_directs || ' active direct referrals'
          WHEN v_rank > coalesce(array_position(p_rank_names, v_member.rank_name), 0)
            THEN 'You reached the ' || v_name || ' rank'
          ELSE 'Your rank is now ' || v_name || ': ' || v_directs || ' active direct referrals' END,
        p_now);
    END IF;
    IF v_rank > 0 THEN
      WITH reached AS (
        INSERT INTO rank_achievements (member_id, rank_name, reached_at, plan_version)
        SELECT v_member.member_id, p_rank_names[i], p_at, p_plan_version FROM generate_series(1, v_rank) i
        ON CONFLICT DO NOTHING
        RETURNING rank_name
      )
      INSERT INTO incomes (member_id, kind, status, amount, cause, rank_name, plan_version, business_day, created_at)
      SELECT v_member.member_id, 'reward', 'pending', p_rank_rewards[array_position(p_rank_names, r.rank_name)],
        'rank:' || lower(r.rank_name), r.rank_name, p_plan_version, p_day, p_now
      FROM reached r WHERE p_rank_rewards[array_position(p_rank_names, r.rank_name)] > 0
      ON CONFLICT (kind, cause, member_id) DO NOTHING;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint

-- A purchase's effect on the team, in the purchase's transaction: the buyer's investment and
-- activity, the upline's business per level, team total and week (and one more active member when
-- the buyer was not counted active), the referral and team-level bonuses, and the upline's ranks.
-- p_purchase_rates[1] is the referral bonus, [2..10] the team-level bonus.
CREATE FUNCTION team_record_purchase(
  p_member uuid, p_member_package uuid, p_amount bigint, p_ends_at timestamptz, p_now timestamptz,
  p_day date, p_week date, p_plan_version integer, p_purchase_rates integer[], p_directs integer[],
  p_rank_names text[], p_rank_business bigint[], p_rank_directs integer[], p_rank_rewards bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_upline uuid[] := ARRAY(SELECT t.ancestor_id FROM member_tree t WHERE t.descendant_id = p_member);
  v_was_counted boolean;
BEGIN
  PERFORM 1 FROM team_members tm
    WHERE tm.member_id = p_member OR tm.member_id = ANY(v_upline) ORDER BY tm.member_id FOR UPDATE;
  SELECT tm.counted_active INTO v_was_counted FROM team_members tm WHERE tm.member_id = p_member;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'team: member % has no team row', p_member;
  END IF;
  UPDATE team_members tm SET invested = tm.invested + p_amount,
      leg_business = tm.leg_business + p_amount,
      active_until = greatest(tm.active_until, p_ends_at), counted_active = true
    WHERE tm.member_id = p_member;
  UPDATE team_members tm SET team_business = tm.team_business + p_amount,
      leg_business = tm.leg_business + CASE WHEN t.depth <= 9 THEN p_amount ELSE 0 END
    FROM member_tree t WHERE t.descendant_id = p_member AND tm.member_id = t.ancestor_id;
  -- The level rows exist since the buyer joined (team_join); the upline's locks are held.
  UPDATE team_levels l SET active = l.active + CASE WHEN v_was_counted THEN 0 ELSE 1 END,
      business = l.business + p_amount
    FROM member_tree t
    WHERE t.descendant_id = p_member AND l.member_id = t.ancestor_id AND l.level = t.depth;
  INSERT INTO team_weeks AS w (member_id, week_start, business)
    SELECT t.ancestor_id, p_week, p_amount FROM member_tree t WHERE t.descendant_id = p_member
    ORDER BY t.ancestor_id
    ON CONFLICT (member_id, week_start) DO UPDATE SET business = w.business + excluded.business;
  PERFORM income_fan_out(p_member, 'purchase:' || p_member_package, 'referral-bonus',
    'team-level-bonus', p_amount, p_purchase_rates, p_directs, p_member_package, NULL,
    p_plan_version, p_day, p_now);
  PERFORM team_update_ranks(v_upline, p_now, p_now, p_day, p_plan_version, p_rank_names,
    p_rank_business, p_rank_directs, p_rank_rewards);
END
$$;
--> statement-breakpoint

-- Members whose last package has ended stop counting as active: one fewer active member on each
-- ancestor's level, and their sponsor's rank re-evaluated at the instant the package ended. At most
-- p_limit members per call; each is re-read under its lock, so two runs never count one twice and
-- a member who bought again meanwhile is left alone. Returns how many it changed.
CREATE FUNCTION team_expire(
  p_now timestamptz, p_limit integer, p_time_zone text, p_plan_version integer, p_rank_names text[],
  p_rank_business bigint[], p_rank_directs integer[], p_rank_rewards bigint[]
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_candidate record;
  v_expired boolean;
  v_until timestamptz;
  v_sponsor uuid;
  v_changed integer := 0;
BEGIN
  FOR v_candidate IN
    SELECT tm.member_id FROM team_members tm
    WHERE tm.counted_active AND tm.active_until <= p_now
    ORDER BY tm.active_until, tm.member_id LIMIT p_limit
  LOOP
    PERFORM 1 FROM team_members tm
      WHERE tm.member_id = v_candidate.member_id
        OR tm.member_id IN (SELECT t.ancestor_id FROM member_tree t WHERE t.descendant_id = v_candidate.member_id)
      ORDER BY tm.member_id FOR UPDATE;
    SELECT tm.counted_active AND tm.active_until <= p_now, tm.active_until, tm.sponsor_id
      INTO v_expired, v_until, v_sponsor
      FROM team_members tm WHERE tm.member_id = v_candidate.member_id;
    CONTINUE WHEN NOT v_expired;
    UPDATE team_members SET counted_active = false WHERE member_id = v_candidate.member_id;
    UPDATE team_levels l SET active = l.active - 1
      FROM member_tree t
      WHERE t.descendant_id = v_candidate.member_id AND l.member_id = t.ancestor_id AND l.level = t.depth;
    IF v_sponsor IS NOT NULL THEN
      PERFORM team_update_ranks(ARRAY[v_sponsor], v_until, p_now, (v_until AT TIME ZONE p_time_zone)::date,
        p_plan_version, p_rank_names, p_rank_business, p_rank_directs, p_rank_rewards);
    END IF;
    v_changed := v_changed + 1;
  END LOOP;
  RETURN v_changed;
END
$$;
--> statement-breakpoint

-- Credits up to p_limit pending incomes (oldest first; rows another settlement holds are skipped):
-- per (member, kind) one transfer from the house's expense account to the profit wallet, through
-- the ledger's own function, so a member at the top of a busy team gets one balance update per
-- batch instead of one per claim below them. With a cap (p_cap_hundredths = 100 × multiple), each
-- income in id order takes what the member's cap still allows (cap: active investment × multiple,
-- minus income from others already credited); a cut income keeps the reason. p_labels names each
-- kind for the notification. The income rows, the transfer, the total and the notification commit
-- together, so an income is credited exactly once.
CREATE FUNCTION incomes_settle(p_limit integer, p_now timestamptz, p_cap_hundredths integer, p_labels jsonb)
RETURNS TABLE (settled integer, transfers integer) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_group record;
  v_commission bigint;
  v_reward bigint;
  v_allowed bigint;
  v_transfer bigint;
  v_outcome text;
  v_label text;
  v_settled integer := 0;
  v_transfers integer := 0;
BEGIN
  SELECT a.id INTO v_commission FROM accounts a WHERE a.member_id IS NULL AND a.kind = 'house:commission-expense';
  SELECT a.id INTO v_reward FROM accounts a WHERE a.member_id IS NULL AND a.kind = 'house:reward-expense';
  FOR v_group IN
    WITH batch AS (
      SELECT i.id, i.member_id, i.kind, i.amount FROM incomes i
      WHERE i.status = 'pending' ORDER BY i.id LIMIT p_limit FOR UPDATE SKIP LOCKED
    )
    SELECT b.member_id, b.kind, a.id AS account_id, array_agg(b.id ORDER BY b.id) AS ids,
      array_agg(b.amount ORDER BY b.id) AS amounts, sum(b.amount)::bigint AS total
    FROM batch b LEFT JOIN accounts a ON a.member_id = b.member_id AND a.kind = 'profit'
    GROUP BY b.member_id, b.kind, a.id
    ORDER BY a.id, b.kind
  LOOP
    IF v_group.account_id IS NULL THEN
      RAISE EXCEPTION 'settlement: member % has no profit wallet', v_group.member_id;
    END IF;
    INSERT INTO income_totals (member_id) VALUES (v_group.member_id) ON CONFLICT DO NOTHING;
    IF p_cap_hundredths IS NULL THEN
      v_allowed := v_group.total;
    ELSE
      SELECT least(v_group.total, greatest(0,
          coalesce((SELECT sum(mp.amount) FROM member_packages mp
            WHERE mp.member_id = v_group.member_id AND mp.created_at <= p_now AND mp.ends_at > p_now), 0)
          * p_cap_hundredths / 100 - t.counted))
        INTO v_allowed FROM income_totals t WHERE t.member_id = v_group.member_id FOR UPDATE;
    END IF;
    v_transfer := NULL;
    IF v_allowed > 0 THEN
      SELECT r.outcome, r.transfer_id INTO v_outcome, v_transfer
        FROM ledger_post_transfer('income:' || v_group.ids[1], v_group.kind, v_group.member_id,
          jsonb_build_object('incomes', array_length(v_group.ids, 1), 'firstIncomeId', v_group.ids[1]::text),
          p_now,
          ARRAY[CASE WHEN v_group.kind IN ('referral-bonus', 'team-level-bonus', 'team-profit')
            THEN v_commission ELSE v_reward END, v_group.account_id],
          ARRAY[-v_allowed, v_allowed], ARRAY[0, 0]::bigint[]) r
        LIMIT 1;
      IF v_outcome IS DISTINCT FROM 'posted' THEN
        RAISE EXCEPTION 'settlement: transfer income:% answered %', v_group.ids[1], v_outcome;
      END IF;
      v_transfers := v_transfers + 1;
    END IF;
    UPDATE incomes i SET
        status = CASE WHEN s.paid > 0 THEN 'paid' ELSE 'not-paid' END,
        paid_amount = CASE WHEN s.paid > 0 THEN s.paid END,
        paid_at = CASE WHEN s.paid > 0 THEN p_now END,
        transfer_id = CASE WHEN s.paid > 0 THEN v_transfer END,
        reason = CASE WHEN s.paid < s.amount THEN 'income-cap' END,
        reason_detail = CASE WHEN s.paid < s.amount
          THEN jsonb_build_object('capMultiple', p_cap_hundredths / 100.0) END
      FROM (
        SELECT u.id, u.amount,
          least(u.amount, greatest(0, v_allowed - (sum(u.amount) OVER (ORDER BY u.id) - u.amount))) AS paid
        FROM unnest(v_group.ids, v_group.amounts) AS u(id, amount)
      ) s
      WHERE i.id = s.id;
    UPDATE income_totals t SET counted = t.counted + v_allowed WHERE t.member_id = v_group.member_id;
    v_label := p_labels ->> v_group.kind;
    INSERT INTO notifications (member_id, message, created_at) VALUES (v_group.member_id,
      CASE WHEN v_allowed = v_group.total THEN v_label || ' of ' || dollars_text(v_allowed) || ' credited'
        WHEN v_allowed > 0 THEN v_label || ' of ' || dollars_text(v_allowed) || ' credited; '
          || dollars_text(v_group.total - v_allowed) || ' not paid: income cap reached'
        ELSE v_label || ' of ' || dollars_text(v_group.total) || ' not paid: income cap reached' END,
      p_now);
    v_settled := v_settled + array_length(v_group.ids, 1);
  END LOOP;
  settled := v_settled;
  transfers := v_transfers;
  RETURN NEXT;
END
$$;
--> statement-breakpoint

-- The daily-profit claim of migration 0009 with the team profit of its upline added at the end
-- (p_team_profit_rates and p_directs per level 1-10): after the trade-income transfer, one
-- income_fan_out for the claimed total, in the same single statement.
DROP FUNCTION package_claim_profit(uuid, uuid, integer, text, boolean, timestamptz);
--> statement-breakpoint
CREATE FUNCTION package_claim_profit(
  p_member_id uuid,
  p_claim_id uuid,
  p_plan_version integer,
  p_time_zone text,
  p_forfeit boolean,
  p_now timestamptz,
  p_team_profit_rates integer[],
  p_directs integer[]
) RETURNS TABLE (member_package_id uuid, package_name text, day_number integer, accrual_day date, amount bigint, status text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_today date := (p_now AT TIME ZONE p_time_zone)::date;
  v_day record;
  v_total bigint := 0;
  v_ranges jsonb := '[]';
  v_range_id uuid;
  v_from integer;
  v_to integer;
  v_paid bigint;
  v_reference text;
  v_outcome text;
  v_profit_expense bigint;
  v_profit_wallet bigint;
BEGIN
  FOR v_day IN
    WITH locked AS (
      SELECT mp.id, mp.package_id, mp.daily_profit, mp.start_day, mp.total_days, mp.settled_days,
        least(mp.total_days, v_today - mp.start_day) AS accrued
      FROM member_packages mp
      WHERE mp.member_id = p_member_id AND mp.settled_days < mp.total_days
      ORDER BY mp.id
      FOR UPDATE
    ), due AS (
      SELECT l.id, n AS day_number, l.start_day + n AS accrual_day, l.daily_profit AS amount,
        CASE WHEN p_forfeit AND n < l.accrued THEN 'forfeited' ELSE 'paid' END AS status
      FROM locked l CROSS JOIN LATERAL generate_series(l.settled_days + 1, l.accrued) AS n
    ), inserted AS (
      INSERT INTO package_claims AS pc
        (member_package_id, day_number, member_id, accrual_day, amount, status, claim_id, plan_version, created_at)
      SELECT d.id, d.day_number, p_member_id, d.accrual_day, d.amount, d.status, p_claim_id, p_plan_version, p_now
      FROM due d
      ON CONFLICT (member_package_id, day_number) DO NOTHING
      RETURNING pc.member_package_id, pc.day_number, pc.accrual_day, pc.amount, pc.status
    ), settled AS (
      UPDATE member_packages mp SET
        settled_days = greatest(mp.settled_days, s.last_day),
        claimed_days = mp.claimed_days + s.paid_days,
        claimed_profit = mp.claimed_profit + s.paid_amount
      FROM (
        SELECT i.member_package_id, max(i.day_number) AS last_day,
          count(*) FILTER (WHERE i.status = 'paid') AS paid_days,
          coalesce(sum(i.amount) FILTER (WHERE i.status = 'paid'), 0) AS paid_amount
        FROM inserted i GROUP BY i.member_package_id
      ) s
      WHERE mp.member_id = p_member_id AND mp.id = s.member_package_id
    ), notified AS (
      INSERT INTO notifications (member_id, message, created_at)
      SELECT p_member_id, 'Profit claimed: ' || dollars_text(paid.total), p_now
      FROM (SELECT sum(i.amount)::bigint AS total FROM inserted i WHERE i.status = 'paid') paid
      WHERE paid.total > 0
    )
    SELECT i.member_package_id, p.name, i.day_number, i.accrual_day, i.amount, i.status
    FROM inserted i
      JOIN locked l ON l.id = i.member_package_id
      JOIN packages p ON p.id = l.package_id
    ORDER BY i.member_package_id, i.day_number
  LOOP
    member_package_id := v_day.member_package_id;
    package_name := v_day.name;
    day_number := v_day.day_number;
    accrual_day := v_day.accrual_day;
    amount := v_day.amount;
    status := v_day.status;
    RETURN NEXT;
    IF v_range_id IS DISTINCT FROM v_day.member_package_id THEN
      IF v_range_id IS NOT NULL THEN
        v_ranges := v_ranges || jsonb_build_object('memberPackageId', v_range_id, 'fromDay', v_from,
          'toDay', v_to, 'paid', v_paid::text);
      END IF;
      v_range_id := v_day.member_package_id;
      v_from := v_day.day_number;
      v_paid := 0;
    END IF;
    v_to := v_day.day_number;
    IF v_day.status = 'paid' THEN
      v_paid := v_paid + v_day.amount;
      v_total := v_total + v_day.amount;
    END IF;
  END LOOP;
  IF v_range_id IS NULL THEN
    RETURN;
  END IF;
  v_ranges := v_ranges || jsonb_build_object('memberPackageId', v_range_id, 'fromDay', v_from,
    'toDay', v_to, 'paid', v_paid::text);
  IF v_total = 0 THEN
    RETURN;
  END IF;

  SELECT a.id INTO v_profit_wallet FROM accounts a WHERE a.member_id = p_member_id AND a.kind = 'profit';
  SELECT a.id INTO v_profit_expense FROM accounts a
    WHERE a.member_id IS NULL AND a.kind = 'house:profit-expense';
  IF v_profit_wallet IS NULL OR v_profit_expense IS NULL THEN
    RAISE EXCEPTION 'claim: member % has no profit wallet, or house:profit-expense is missing', p_member_id;
  END IF;
  v_reference := 'claim:' || (v_ranges -> 0 ->> 'memberPackageId') || ':'
    || (v_ranges -> 0 ->> 'fromDay') || '-' || (v_ranges -> 0 ->> 'toDay');
  SELECT t.outcome INTO v_outcome
    FROM ledger_post_transfer(v_reference, 'trade-income', p_member_id,
      jsonb_build_object('claimId', p_claim_id, 'planVersion', p_plan_version, 'packages', v_ranges),
      p_now, ARRAY[v_profit_expense, v_profit_wallet], ARRAY[-v_total, v_total], ARRAY[0, 0]::bigint[]) t
    LIMIT 1;
  IF v_outcome IS DISTINCT FROM 'posted' THEN
    RAISE EXCEPTION 'claim: transfer % for days just settled answered %', v_reference, v_outcome;
  END IF;
  PERFORM income_fan_out(p_member_id, 'claim:' || p_claim_id, 'team-profit', 'team-profit', v_total,
    p_team_profit_rates, p_directs, NULL, v_today::text, p_plan_version, v_today, p_now);
END
$$;

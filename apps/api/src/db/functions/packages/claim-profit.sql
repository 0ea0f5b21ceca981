-- The whole daily-profit claim as ONE statement (decision 0005, "Measured"): settling the due days,
-- the notification and the ledger transfer used to take seven round trips, then four; as a
-- function the claim is a single statement, so it is also a single transaction (PostgreSQL runs
-- every statement atomically) and its plans are prepared once per connection.

-- Settles every accrued, unsettled day of the member's packages, pays the paid days to the profit
-- wallet and answers the days settled (none: nothing was due, and nothing was written):
-- - the member's unsettled packages are locked FOR UPDATE in id order, so concurrent claims of one
--   member queue (and the second then finds nothing due), while other members never wait;
-- - each due (package, day) is inserted with ON CONFLICT DO NOTHING, and only rows actually
--   inserted are counted as settled and paid: a day is paid at most once even if the locking
--   above were ever bypassed (primary key of package_claims);
-- - carry pays every due day; forfeit pays the latest and records the earlier ones forfeited;
-- - one transfer house:profit-expense -> profit wallet through the ledger's own function, with
--   reference claim:<first package>:<from>-<to> (the claim's lowest package id and the day range
--   settled on it: unique, as a package's days settle in disjoint ranges). The days were just
--   inserted, so that transfer cannot exist yet: if it does, the whole claim is refused.
-- Then, in the same statement, the team profit of the member's upline (p_team_profit_rates and
-- p_directs per level 1-10): one income_fan_out for the claimed total.
CREATE OR REPLACE FUNCTION package_claim_profit(
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

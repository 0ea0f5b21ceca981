-- The commissions of one event (a purchase or a claim) for the source member's upline, one record
-- per level with a rate: `p_first_kind` for level 1, `p_kind` above. Eligibility is judged now,
-- after the event's own effect: the earner needs an active package (now < active_until) and, for
-- level L, at least p_directs[L] direct referrals with one. Unpaid records keep the reason; records
-- the plan pays wait as `pending` for the settlement. Amounts are floor(base × rate); a share that
-- rounds to 0 is not recorded.
--
-- Why it is written this way (decision 0020, "Measured"); every claim calls it, and purchases too:
-- - As LANGUAGE sql, called from PL/pgSQL (PERFORM in package_claim_profit and
--   team_record_purchase), its INSERT was parsed and planned again at every call; in PL/pgSQL the
--   statement's plan is prepared once per connection and kept (a generic plan, the same for every
--   source member).
-- - The active directs of each upline level are counted once, in a LATERAL subquery; as a column
--   of the inner select the count was pulled up into every expression that reads it (status, reason,
--   its detail), so the LIMIT scan of team_members ran up to four times per level.
-- - The share is taken in numeric: a base of $1 billion (the largest amount a package may allow)
--   in micro-dollars times a 5 % rate unit passes 2^63, and the error failed the purchase.
-- Measured on the claims bench's team (every claim 10 levels): PostgreSQL CPU per claim 2.2 → 1.65 ms.
CREATE OR REPLACE FUNCTION income_fan_out(
  p_source uuid, p_cause text, p_first_kind text, p_kind text, p_base bigint, p_rates integer[],
  p_directs integer[], p_member_package uuid, p_period text, p_plan_version integer, p_day date,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
      div(p_base::numeric * p_rates[t.depth], 1000000)::bigint AS amount,
      coalesce(tm.active_until > p_now, false) AS has_package, d.directs
    FROM member_tree t JOIN team_members tm ON tm.member_id = t.ancestor_id
      CROSS JOIN LATERAL (SELECT count(*)::integer AS directs FROM (
        SELECT 1 FROM team_members a
        WHERE a.sponsor_id = t.ancestor_id AND a.active_until > p_now
        LIMIT p_directs[t.depth]) x) d
    WHERE t.descendant_id = p_source AND p_rates[t.depth] > 0
  ) e
  WHERE e.amount > 0
  ON CONFLICT (kind, cause, member_id) DO NOTHING;
END
$$;

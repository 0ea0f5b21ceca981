-- A purchase's effect on the team, in the purchase's transaction: the buyer's investment and
-- activity, the upline's business per level, team total and week (and one more active member when
-- the buyer was not counted active), the referral and team-level bonuses, and the upline's ranks.
-- p_purchase_rates[1] is the referral bonus, [2..10] the team-level bonus.
CREATE OR REPLACE FUNCTION team_record_purchase(
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

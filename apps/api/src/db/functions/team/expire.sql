-- Members whose last package has ended stop counting as active: one fewer active member on each
-- ancestor's level, and their sponsor's rank re-evaluated at the instant the package ended. At most
-- p_limit members per call; each is re-read under its lock, so two runs never count one twice and
-- a member who bought again meanwhile is left alone. Returns how many it changed.
CREATE OR REPLACE FUNCTION team_expire(
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

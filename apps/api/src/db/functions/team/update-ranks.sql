-- Re-evaluates the rank of each member at instant p_at: the highest rank whose team business and
-- active directs they meet. A change is recorded with its instant (the rank held at any moment
-- is the latest change before it) and notified; every rank up to the one held that is reached
-- for the first time earns its reward once (rank_achievements' key), as a pending income.
CREATE OR REPLACE FUNCTION team_update_ranks(
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

-- A new member joins their sponsor's team: their place in the tree (10 levels up at most) and one
-- more member on each ancestor's level, team size and week.
CREATE OR REPLACE FUNCTION team_join(p_member uuid, p_sponsor uuid, p_joined_at timestamptz, p_week date)
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

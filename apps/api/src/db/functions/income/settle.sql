-- Credits up to p_limit pending incomes (oldest first; rows another settlement holds are skipped):
-- per (member, kind) one transfer from the house's expense account to the profit wallet, so a
-- member at the top of a busy team gets one balance update per batch instead of one per claim
-- below them. With a cap (p_cap_hundredths = 100 × multiple), each member's groups in kind order,
-- and each income in id order within its group, take what the member's cap still allows (cap:
-- active investment × multiple, rounded down to the micro-dollar, minus income from others already
-- credited); a cut income keeps the reason. (Rounding to the nearest micro-dollar
-- would pay half a micro-dollar more than the plan allows; the plan model's property test found it.)
-- A closed account (decision 0060) is paid nothing: its incomes are recorded as not paid with the
-- reason 'account-closed' and it gets no notification. The batch's members are share-locked first,
-- so a closure being confirmed either waits for this batch (and then finds the credit and refuses)
-- or is seen by it.
-- p_labels names each kind for the notification. The income rows, the transfers, the
-- totals and the notifications commit together, so an income is credited exactly once.
CREATE OR REPLACE FUNCTION incomes_settle(p_limit integer, p_now timestamptz, p_cap_hundredths integer, p_labels jsonb)
RETURNS TABLE (settled integer, transfers integer) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_commission bigint;
  v_reward bigint;
  -- Per income, in (member, kind, id) order: its id, group number, member, kind and amount.
  v_ids bigint[];
  v_income_groups integer[];
  v_income_members uuid[];
  v_income_kinds text[];
  v_amounts bigint[];
  -- Per group (member and kind), numbered 1..n in (member, kind) order.
  v_members uuid[];
  v_kinds text[];
  v_wallets bigint[];
  v_totals bigint[];
  v_firsts bigint[];
  v_counts integer[];
  v_allowed bigint[];
  v_transfer_ids bigint[];
  v_paying integer[];
  v_missing integer;
  v_closed uuid[];
BEGIN
  SELECT a.id INTO v_commission FROM accounts a WHERE a.member_id IS NULL AND a.kind = 'house:commission-expense';
  SELECT a.id INTO v_reward FROM accounts a WHERE a.member_id IS NULL AND a.kind = 'house:reward-expense';

  WITH batch AS (
    SELECT i.id, i.member_id, i.kind, i.amount FROM incomes i
    WHERE i.status = 'pending' ORDER BY i.id LIMIT p_limit FOR UPDATE SKIP LOCKED
  )
  SELECT array_agg(b.id ORDER BY b.member_id, b.kind, b.id),
    array_agg(b.g ORDER BY b.member_id, b.kind, b.id),
    array_agg(b.member_id ORDER BY b.member_id, b.kind, b.id),
    array_agg(b.kind ORDER BY b.member_id, b.kind, b.id),
    array_agg(b.amount ORDER BY b.member_id, b.kind, b.id)
  INTO v_ids, v_income_groups, v_income_members, v_income_kinds, v_amounts
  FROM (SELECT batch.*, (dense_rank() OVER (ORDER BY batch.member_id, batch.kind))::integer AS g
    FROM batch) b;
  IF v_ids IS NULL THEN
    settled := 0;
    transfers := 0;
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT array_agg(g.member_id ORDER BY g.g), array_agg(g.kind ORDER BY g.g),
    array_agg(a.id ORDER BY g.g), array_agg(g.total ORDER BY g.g), array_agg(g.first_id ORDER BY g.g),
    array_agg(g.incomes ORDER BY g.g)
  INTO v_members, v_kinds, v_wallets, v_totals, v_firsts, v_counts
  FROM (
    SELECT u.member_id, u.kind, u.g, sum(u.amount)::bigint AS total, min(u.id) AS first_id,
      count(*)::integer AS incomes
    FROM unnest(v_ids, v_income_groups, v_income_members, v_income_kinds, v_amounts)
      AS u(id, g, member_id, kind, amount)
    GROUP BY u.g, u.member_id, u.kind
  ) g
  LEFT JOIN accounts a ON a.member_id = g.member_id AND a.kind = 'profit';
  v_missing := array_position(v_wallets, NULL);
  IF v_missing IS NOT NULL THEN
    RAISE EXCEPTION 'settlement: member % has no profit wallet', v_members[v_missing];
  END IF;

  -- What each group may be paid: all of it, or under a cap what the member's cap still allows
  -- after their earlier groups in this batch.
  INSERT INTO income_totals (member_id)
    SELECT DISTINCT m FROM unnest(v_members) m ORDER BY 1 ON CONFLICT DO NOTHING;
  IF p_cap_hundredths IS NULL THEN
    v_allowed := v_totals;
  ELSE
    PERFORM 1 FROM income_totals t WHERE t.member_id = ANY(v_members) ORDER BY t.member_id FOR UPDATE;
    SELECT array_agg(x.allowed ORDER BY x.n) INTO v_allowed
    FROM (
      SELECT g.n, least(g.total, greatest(0, r.remaining - coalesce(sum(g.total) OVER (
          PARTITION BY g.member_id ORDER BY g.n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)))::bigint
        AS allowed
      FROM unnest(v_members, v_totals) WITH ORDINALITY AS g(member_id, total, n)
      JOIN (
        SELECT t.member_id,
          div(coalesce((SELECT sum(mp.amount) FROM member_packages mp
            WHERE mp.member_id = t.member_id AND mp.created_at <= p_now AND mp.ends_at > p_now), 0)
            * p_cap_hundredths, 100)::bigint - t.counted AS remaining
        FROM income_totals t WHERE t.member_id = ANY(v_members)
      ) r ON r.member_id = g.member_id
    ) x;
  END IF;

  PERFORM 1 FROM members m WHERE m.id = ANY(v_members) ORDER BY m.id FOR SHARE;
  SELECT coalesce(array_agg(m.id), '{}') INTO v_closed
    FROM members m WHERE m.id = ANY(v_members) AND m.status = 'closed';
  IF cardinality(v_closed) > 0 THEN
    SELECT array_agg(CASE WHEN g.member_id = ANY(v_closed) THEN 0 ELSE g.allowed END ORDER BY g.n)
      INTO v_allowed
      FROM unnest(v_members, v_allowed) WITH ORDINALITY AS g(member_id, allowed, n);
  END IF;

  -- One credit per group with something to pay.
  SELECT array_agg(p.n::integer ORDER BY p.n) INTO v_paying
    FROM unnest(v_allowed) WITH ORDINALITY AS p(allowed, n) WHERE p.allowed > 0;
  SELECT array_agg(c.transfer_id ORDER BY g.n) INTO v_transfer_ids
  FROM generate_series(1, array_length(v_members, 1)) AS g(n)
  LEFT JOIN (
    SELECT v_paying[c.line] AS n, c.transfer_id
    FROM ledger_post_credits(
      ARRAY(SELECT 'income:' || v_firsts[n] FROM unnest(v_paying) n),
      ARRAY(SELECT v_kinds[n] FROM unnest(v_paying) n),
      ARRAY(SELECT v_members[n] FROM unnest(v_paying) n),
      ARRAY(SELECT jsonb_build_object('incomes', v_counts[n], 'firstIncomeId', v_firsts[n]::text)
        FROM unnest(v_paying) n),
      ARRAY(SELECT CASE WHEN v_kinds[n] IN ('referral-bonus', 'team-level-bonus', 'team-profit')
        THEN v_commission ELSE v_reward END FROM unnest(v_paying) n),
      ARRAY(SELECT v_wallets[n] FROM unnest(v_paying) n),
      ARRAY(SELECT v_allowed[n] FROM unnest(v_paying) n),
      p_now) c
  ) c ON c.n = g.n;

  UPDATE incomes i SET
      status = CASE WHEN s.paid > 0 THEN 'paid' ELSE 'not-paid' END,
      paid_amount = CASE WHEN s.paid > 0 THEN s.paid END,
      paid_at = CASE WHEN s.paid > 0 THEN p_now END,
      transfer_id = CASE WHEN s.paid > 0 THEN s.transfer_id END,
      reason = CASE WHEN s.closed THEN 'account-closed' WHEN s.paid < s.amount THEN 'income-cap' END,
      reason_detail = CASE WHEN NOT s.closed AND s.paid < s.amount
        THEN jsonb_build_object('capMultiple', p_cap_hundredths / 100.0) END
    FROM (
      SELECT u.id, u.amount, v_transfer_ids[u.g] AS transfer_id, u.member_id = ANY(v_closed) AS closed,
        least(u.amount, greatest(0, v_allowed[u.g]
          - (sum(u.amount) OVER (PARTITION BY u.g ORDER BY u.id) - u.amount))) AS paid
      FROM unnest(v_ids, v_income_groups, v_amounts, v_income_members) AS u(id, g, amount, member_id)
    ) s
    WHERE i.id = s.id;

  UPDATE income_totals t SET counted = t.counted + x.allowed
    FROM (SELECT m.member_id, sum(m.allowed)::bigint AS allowed
      FROM unnest(v_members, v_allowed) AS m(member_id, allowed) GROUP BY m.member_id) x
    WHERE t.member_id = x.member_id AND x.allowed > 0;

  INSERT INTO notifications (member_id, message, created_at)
  SELECT g.member_id,
    CASE WHEN g.allowed = g.total THEN (p_labels ->> g.kind) || ' of ' || dollars_text(g.allowed) || ' credited'
      WHEN g.allowed > 0 THEN (p_labels ->> g.kind) || ' of ' || dollars_text(g.allowed) || ' credited; '
        || dollars_text(g.total - g.allowed) || ' not paid: income cap reached'
      ELSE (p_labels ->> g.kind) || ' of ' || dollars_text(g.total) || ' not paid: income cap reached' END,
    p_now
  FROM unnest(v_members, v_kinds, v_totals, v_allowed) WITH ORDINALITY AS g(member_id, kind, total, allowed, n)
  WHERE NOT g.member_id = ANY(v_closed)
  ORDER BY g.n;

  settled := array_length(v_ids, 1);
  transfers := coalesce(array_length(v_paying, 1), 0);
  RETURN NEXT;
END
$$;

-- The settlement in sets (decision 0020, "Measured"). incomes_settle credited each member's group
-- of incomes with its own call of ledger_post_transfer and five more statements: about 1 ms per
-- member, so a weekly run that pays 200,000 members took minutes to credit. It now settles a batch
-- in a handful of set-based statements, through a ledger function that posts many credits at once.
-- Same results, to the row: one transfer per (member, kind) per batch with the same reference and
-- metadata, the same income states, cap, totals and notifications.
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+.

-- Many credits from house accounts, each its own balanced two-line transfer (from a house account
-- to a member's wallet or another house account), in a few statements instead of one call per
-- transfer. A credit only adds to a balance, so there is no overdraft to check; member accounts are
-- locked in ascending id order first, the ledger's order, so concurrent callers queue and never
-- deadlock, and each member posting carries the balance after it, in line order. A reference seen
-- before is an error (the caller's transaction rolls back): callers credit what they hold locked.
-- Answers each line's transfer id, by line number.
CREATE FUNCTION ledger_post_credits(
  p_references text[], p_kinds text[], p_member_ids uuid[], p_metadata jsonb[],
  p_from_accounts bigint[], p_to_accounts bigint[], p_amounts bigint[], p_created_at timestamptz
) RETURNS TABLE (line integer, transfer_id bigint) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_lines integer := coalesce(array_length(p_references, 1), 0);
  v_transfer_ids bigint[];
BEGIN
  IF v_lines = 0 THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a IS NULL OR a <= 0) THEN
    RAISE EXCEPTION 'ledger: every credit must be positive';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_from_accounts) f LEFT JOIN accounts a ON a.id = f
      WHERE a.id IS NULL OR a.member_id IS NOT NULL) THEN
    RAISE EXCEPTION 'ledger: credits are paid from existing house accounts';
  END IF;
  IF (SELECT count(*) FROM accounts a WHERE a.id IN (SELECT unnest(p_to_accounts)))
      <> (SELECT count(DISTINCT t) FROM unnest(p_to_accounts) t) THEN
    RAISE EXCEPTION 'ledger: a credit names an unknown account';
  END IF;
  PERFORM 1 FROM accounts a WHERE a.id = ANY(p_to_accounts) AND a.member_id IS NOT NULL
    ORDER BY a.id FOR UPDATE;

  WITH inserted AS (
    INSERT INTO transfers (reference, kind, member_id, metadata, created_at)
    SELECT l.reference, l.kind, l.member_id, l.metadata, p_created_at
    FROM unnest(p_references, p_kinds, p_member_ids, p_metadata) WITH ORDINALITY
      AS l(reference, kind, member_id, metadata, n)
    ORDER BY l.n
    ON CONFLICT (reference) DO NOTHING
    RETURNING id, reference
  )
  SELECT array_agg(i.id ORDER BY l.n) INTO v_transfer_ids
  FROM unnest(p_references) WITH ORDINALITY AS l(reference, n)
  JOIN inserted i ON i.reference = l.reference;
  IF coalesce(array_length(v_transfer_ids, 1), 0) <> v_lines THEN
    RAISE EXCEPTION 'ledger: % of % credits have a reference posted before',
      v_lines - coalesce(array_length(v_transfer_ids, 1), 0), v_lines;
  END IF;

  UPDATE accounts a SET balance = a.balance + t.amount
  FROM (SELECT x.account_id, sum(x.amount)::bigint AS amount
    FROM unnest(p_to_accounts, p_amounts) AS x(account_id, amount) GROUP BY x.account_id) t
  WHERE a.id = t.account_id AND a.member_id IS NOT NULL;

  -- The balance after a member posting: the new balance less the later lines to the same account.
  INSERT INTO postings (transfer_id, account_id, amount, balance_after, created_at)
  SELECT x.transfer_id, x.account_id, x.amount, x.balance_after, p_created_at
  FROM (
    SELECT l.n, 1 AS side, v_transfer_ids[l.n::integer] AS transfer_id, l.account_id, -l.amount AS amount,
      NULL::bigint AS balance_after
    FROM unnest(p_from_accounts, p_amounts) WITH ORDINALITY AS l(account_id, amount, n)
    UNION ALL
    SELECT l.n, 2, v_transfer_ids[l.n::integer], l.account_id, l.amount,
      CASE WHEN a.member_id IS NOT NULL THEN a.balance - coalesce(sum(l.amount) OVER (
        PARTITION BY l.account_id ORDER BY l.n DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) END
    FROM unnest(p_to_accounts, p_amounts) WITH ORDINALITY AS l(account_id, amount, n)
    JOIN accounts a ON a.id = l.account_id
  ) x
  ORDER BY x.n, x.side;

  RETURN QUERY SELECT n, v_transfer_ids[n] FROM generate_series(1, v_lines) n;
END
$$;
--> statement-breakpoint

-- Credits up to p_limit pending incomes (oldest first; rows another settlement holds are skipped):
-- per (member, kind) one transfer from the house's expense account to the profit wallet, so a
-- member at the top of a busy team gets one balance update per batch instead of one per claim
-- below them. With a cap (p_cap_hundredths = 100 × multiple), each member's groups in kind order,
-- and each income in id order within its group, take what the member's cap still allows (cap:
-- active investment × multiple, rounded down to the micro-dollar, minus income from others already
-- credited); a cut income keeps the reason. (The version of 0012 rounded the cap to the nearest
-- micro-dollar, half a micro-dollar more than the plan allows; the plan model's property test found it.) p_labels names each kind for the notification. The income rows, the transfers, the
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
      reason = CASE WHEN s.paid < s.amount THEN 'income-cap' END,
      reason_detail = CASE WHEN s.paid < s.amount
        THEN jsonb_build_object('capMultiple', p_cap_hundredths / 100.0) END
    FROM (
      SELECT u.id, u.amount, v_transfer_ids[u.g] AS transfer_id,
        least(u.amount, greatest(0, v_allowed[u.g]
          - (sum(u.amount) OVER (PARTITION BY u.g ORDER BY u.id) - u.amount))) AS paid
      FROM unnest(v_ids, v_income_groups, v_amounts) AS u(id, g, amount)
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
  ORDER BY g.n;

  settled := array_length(v_ids, 1);
  transfers := coalesce(array_length(v_paying, 1), 0);
  RETURN NEXT;
END
$$;

-- It writes as its owner (SECURITY DEFINER, fixed search_path; decision 0030).
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+. The settlement (income/settle.sql)
-- credits a batch through it in a handful of set-based statements (decision 0020, "Measured").

-- Many credits from house accounts, each its own balanced two-line transfer (from a house account
-- to a member's wallet or another house account), in a few statements instead of one call per
-- transfer. A credit only adds to a balance, so there is no overdraft to check; member accounts are
-- locked in ascending id order first, the ledger's order, so concurrent callers queue and never
-- deadlock, and each member posting carries the balance after it, in line order. A reference seen
-- before is an error (the caller's transaction rolls back): callers credit what they hold locked.
-- Answers each line's transfer id, by line number.
CREATE OR REPLACE FUNCTION ledger_post_credits(
  p_references text[], p_kinds text[], p_member_ids uuid[], p_metadata jsonb[],
  p_from_accounts bigint[], p_to_accounts bigint[], p_amounts bigint[], p_created_at timestamptz
) RETURNS TABLE (line integer, transfer_id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
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

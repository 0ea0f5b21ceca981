-- postTransfer in one round trip (decision 0005, "Measured"). The body is exactly what
-- ledger/transfers.ts did in four statements, now run by the server:
--   1. take the unique reference (a concurrent duplicate waits here for the first to commit or
--      roll back); a reference seen before changes nothing and answers 'duplicate' when the
--      replay asks for the same thing (kind, member and lines: account and amount), 'different'
--      when it does not, like TigerBeetle's exists_with_different_* results: a replay that
--      silently answered "done" for other amounts would hide a bug or a forged request;
--   2. in ascending account id (so transfers touching the same accounts queue, never deadlock):
--      house lines only need the account to exist; member lines are the conditional update
--      `balance - held + amount + release >= 0` that makes an overdraft impossible without a
--      read-then-write (PostgreSQL re-checks it against a concurrent writer's new row version);
--   3. the postings, one per line, with the member's balance after.
-- A refusal is an answer row, not an error, so the caller decides (it throws InsufficientFundsError
-- or UnknownAccountError and the transaction rolls back, as before): 'insufficient' names the
-- account, the amount needed and what was available; 'unknown-account' names the account.
-- Validation (balanced, non-zero, one line per account) stays in TypeScript before the call, and
-- the deferred LG002 trigger still checks every transfer at commit.
-- It writes as its owner (SECURITY DEFINER, fixed search_path): the role the API serves requests
-- as may read the ledger's tables but write them only through the ledger's functions (decision 0030).
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+; its plans are cached per
-- connection, so the statements are prepared once.

CREATE OR REPLACE FUNCTION ledger_post_transfer(
  p_reference text,
  p_kind text,
  p_member_id uuid,
  p_metadata jsonb,
  p_created_at timestamptz,
  p_account_ids bigint[],
  p_amounts bigint[],
  p_releases bigint[]
) RETURNS TABLE (outcome text, transfer_id bigint, account_id bigint, amount bigint, balance_after bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
#variable_conflict use_column
DECLARE
  v_transfer bigint;
  v_existing record;
  v_line record;
  v_is_member boolean;
  v_balance bigint;
BEGIN
  INSERT INTO transfers (reference, kind, member_id, metadata, created_at)
    VALUES (p_reference, p_kind, p_member_id, p_metadata, p_created_at)
    ON CONFLICT (reference) DO NOTHING
    RETURNING id INTO v_transfer;
  IF v_transfer IS NULL THEN
    SELECT t.id, t.kind, t.member_id INTO v_existing FROM transfers t WHERE t.reference = p_reference;
    IF v_existing.id IS NULL THEN
      RAISE EXCEPTION 'ledger: transfer % conflicted but cannot be read', p_reference;
    END IF;
    IF v_existing.kind IS DISTINCT FROM p_kind OR v_existing.member_id IS DISTINCT FROM p_member_id
       OR EXISTS (
         (SELECT p.account_id, p.amount FROM postings p WHERE p.transfer_id = v_existing.id
          EXCEPT ALL SELECT l.account_id, l.amount FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount))
         UNION ALL
         (SELECT l.account_id, l.amount FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount)
          EXCEPT ALL SELECT p.account_id, p.amount FROM postings p WHERE p.transfer_id = v_existing.id)) THEN
      RETURN QUERY SELECT 'different'::text, v_existing.id, NULL::bigint, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'duplicate'::text, v_existing.id, NULL::bigint, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  FOR v_line IN
    SELECT l.account_id, l.amount, l.release
      FROM unnest(p_account_ids, p_amounts, p_releases) AS l(account_id, amount, release)
      ORDER BY l.account_id
  LOOP
    SELECT a.member_id IS NOT NULL INTO v_is_member FROM accounts a WHERE a.id = v_line.account_id;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'unknown-account'::text, v_transfer, v_line.account_id, v_line.amount, NULL::bigint;
      RETURN;
    END IF;
    v_balance := NULL;
    IF v_is_member THEN
      UPDATE accounts a SET balance = a.balance + v_line.amount, held = a.held - v_line.release
        WHERE a.id = v_line.account_id AND a.balance - a.held + v_line.amount + v_line.release >= 0
        RETURNING a.balance INTO v_balance;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'insufficient'::text, v_transfer, v_line.account_id, -v_line.amount,
          a.balance - a.held + v_line.release FROM accounts a WHERE a.id = v_line.account_id;
        RETURN;
      END IF;
    END IF;
    INSERT INTO postings (transfer_id, account_id, amount, balance_after, created_at)
      VALUES (v_transfer, v_line.account_id, v_line.amount, v_balance, p_created_at);
    RETURN QUERY SELECT 'posted'::text, v_transfer, v_line.account_id, v_line.amount, v_balance;
  END LOOP;
END
$$;

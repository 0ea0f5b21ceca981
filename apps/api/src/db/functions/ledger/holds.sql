-- Holds (ledger/holds.ts): a reservation of part of a member account, ended exactly once by
-- posting it (the payout transfer) or voiding it. Each is one function that writes as the owner
-- (SECURITY DEFINER, fixed search_path; decision 0030) and answers an outcome row rather than
-- raising, so the TypeScript ledger turns it into its typed error. The holds_resolve_once trigger
-- (guards.sql) still refuses any second resolution.
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+.

-- Reserves p_amount of a member account. A reference seen before answers 'duplicate' with that
-- hold and changes nothing; 'unknown-account', 'house-account' and 'insufficient' (with what was
-- available) refuse, and the caller rolls back (the hold row is already written).
CREATE OR REPLACE FUNCTION ledger_place_hold(
  p_account_id bigint, p_amount bigint, p_reference text, p_now timestamptz
) RETURNS TABLE (outcome text, hold_id bigint, available bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
#variable_conflict use_column
DECLARE
  v_hold bigint;
  v_account record;
BEGIN
  INSERT INTO holds (account_id, amount, reference, status, created_at)
    VALUES (p_account_id, p_amount, p_reference, 'pending', p_now)
    ON CONFLICT (reference) DO NOTHING
    RETURNING id INTO v_hold;
  IF v_hold IS NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, h.id, NULL::bigint FROM holds h WHERE h.reference = p_reference;
    RETURN;
  END IF;
  -- Same conditional update as a transfer's debit: the reservation happens only if it fits.
  UPDATE accounts a SET held = a.held + p_amount
    WHERE a.id = p_account_id AND a.member_id IS NOT NULL AND a.balance - a.held >= p_amount;
  IF FOUND THEN
    RETURN QUERY SELECT 'placed'::text, v_hold, NULL::bigint;
    RETURN;
  END IF;
  SELECT a.member_id, a.balance - a.held AS available INTO v_account FROM accounts a WHERE a.id = p_account_id;
  RETURN QUERY SELECT CASE WHEN NOT FOUND THEN 'unknown-account'
      WHEN v_account.member_id IS NULL THEN 'house-account' ELSE 'insufficient' END,
    v_hold, v_account.available;
END
$$;
--> statement-breakpoint

-- Releases a pending hold. The hold row is locked first, so a concurrent post or void waits and
-- then sees the first one's status: 'voided', 'already-voided', 'posted' (cannot be voided) or
-- 'not-found'.
CREATE OR REPLACE FUNCTION ledger_void_hold(p_hold_id bigint, p_now timestamptz)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_hold holds;
BEGIN
  SELECT * INTO v_hold FROM holds h WHERE h.id = p_hold_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'not-found';
  END IF;
  IF v_hold.status = 'voided' THEN
    RETURN 'already-voided';
  END IF;
  IF v_hold.status <> 'pending' THEN
    RETURN v_hold.status;
  END IF;
  UPDATE accounts a SET held = a.held - v_hold.amount WHERE a.id = v_hold.account_id;
  UPDATE holds h SET status = 'voided', resolved_at = p_now WHERE h.id = p_hold_id;
  RETURN 'voided';
END
$$;
--> statement-breakpoint

-- Pays a pending hold out: the transfer (ledger_post_transfer's arguments) must debit the held
-- account by exactly the hold's amount; its debit releases the hold in the same row update, and
-- the hold becomes 'posted' with that transfer. Answers the transfer's rows, or one row naming
-- why not: 'not-found', 'already-posted' (the same reference paid it: a harmless replay),
-- 'hold-posted' / 'hold-voided' (resolved otherwise), 'wrong-debit', 'reference-in-use', or
-- the transfer's own refusal ('insufficient', 'unknown-account'; the caller rolls back).
CREATE OR REPLACE FUNCTION ledger_post_hold(
  p_hold_id bigint,
  p_reference text,
  p_kind text,
  p_member_id uuid,
  p_metadata jsonb,
  p_created_at timestamptz,
  p_account_ids bigint[],
  p_amounts bigint[]
) RETURNS TABLE (outcome text, transfer_id bigint, account_id bigint, amount bigint, balance_after bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
#variable_conflict use_column
DECLARE
  v_hold holds;
  v_row record;
  v_transfer bigint;
BEGIN
  SELECT * INTO v_hold FROM holds h WHERE h.id = p_hold_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not-found'::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF v_hold.status = 'posted'
     AND (SELECT t.reference FROM transfers t WHERE t.id = v_hold.transfer_id) = p_reference THEN
    RETURN QUERY SELECT 'already-posted'::text, v_hold.transfer_id, NULL::bigint, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF v_hold.status <> 'pending' THEN
    RETURN QUERY SELECT 'hold-' || v_hold.status, v_hold.transfer_id, NULL::bigint, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM unnest(p_account_ids, p_amounts) AS l(account_id, amount)
                 WHERE l.account_id = v_hold.account_id AND l.amount = -v_hold.amount) THEN
    RETURN QUERY SELECT 'wrong-debit'::text, NULL::bigint, v_hold.account_id, v_hold.amount, NULL::bigint;
    RETURN;
  END IF;
  FOR v_row IN
    SELECT * FROM ledger_post_transfer(p_reference, p_kind, p_member_id, p_metadata, p_created_at,
      p_account_ids, p_amounts,
      ARRAY(SELECT CASE WHEN l.account_id = v_hold.account_id THEN v_hold.amount ELSE 0 END
        FROM unnest(p_account_ids) WITH ORDINALITY AS l(account_id, n) ORDER BY l.n))
  LOOP
    IF v_row.outcome IN ('duplicate', 'different') THEN
      RETURN QUERY SELECT 'reference-in-use'::text, v_row.transfer_id, NULL::bigint, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    RETURN QUERY SELECT v_row.outcome, v_row.transfer_id, v_row.account_id, v_row.amount, v_row.balance_after;
    IF v_row.outcome <> 'posted' THEN
      RETURN;
    END IF;
    v_transfer := v_row.transfer_id;
  END LOOP;
  UPDATE holds h SET status = 'posted', transfer_id = v_transfer, resolved_at = p_created_at
    WHERE h.id = p_hold_id;
END
$$;

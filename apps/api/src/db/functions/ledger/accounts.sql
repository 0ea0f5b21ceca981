-- Opening and locking accounts. Like every function that writes the ledger's tables, these run as
-- their owner (SECURITY DEFINER, with a fixed search_path so no caller's schema can stand in for
-- ours): the role the API serves requests as may read the ledger but not write it (decision 0030).
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+.

-- A member's fund, profit and compounding accounts (the kinds the accounts_kind_valid CHECK
-- allows); safe to call again. Answers the member's accounts by kind.
CREATE OR REPLACE FUNCTION ledger_open_member_accounts(p_member_id uuid, p_now timestamptz)
RETURNS TABLE (kind text, account_id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO accounts (member_id, kind, created_at)
    SELECT p_member_id, w.kind, p_now FROM unnest(ARRAY['fund', 'profit', 'compounding']) AS w(kind)
    ON CONFLICT (member_id, kind) DO NOTHING;
  RETURN QUERY SELECT a.kind, a.id FROM accounts a WHERE a.member_id = p_member_id;
END
$$;
--> statement-breakpoint

-- House accounts by code (`house:*`, enforced by accounts_kind_valid); existing ones are kept.
CREATE OR REPLACE FUNCTION ledger_open_house_accounts(p_codes text[], p_now timestamptz)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO accounts (kind, created_at)
    SELECT c.code, p_now FROM unnest(p_codes) AS c(code)
    ON CONFLICT (kind) WHERE member_id IS NULL DO NOTHING;
END
$$;
--> statement-breakpoint

-- Locks the given member accounts (FOR UPDATE, in ascending id: the ledger's lock order, so
-- callers queue behind transfers and each other, never deadlock) until the caller's transaction
-- ends, and answers each one's member and available balance read after the lock, so a batch job
-- pays on a base that cannot change underneath. Locking needs UPDATE rights the request role does
-- not have, hence a function; it changes nothing.
CREATE OR REPLACE FUNCTION ledger_lock_accounts(p_account_ids bigint[])
RETURNS TABLE (account_id bigint, member_id uuid, available bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
#variable_conflict use_column
BEGIN
  PERFORM 1 FROM accounts a WHERE a.id = ANY(p_account_ids) AND a.member_id IS NOT NULL
    ORDER BY a.id FOR UPDATE;
  RETURN QUERY SELECT a.id, a.member_id, a.balance - a.held FROM accounts a
    WHERE a.id = ANY(p_account_ids) AND a.member_id IS NOT NULL;
END
$$;

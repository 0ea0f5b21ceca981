-- Ledger guarantees the database enforces by itself, so a bug in application code (or a hand-typed
-- statement) cannot break the books. Error codes (SQLSTATE class LG, raised only here):
--   LG001  append-only table: UPDATE / DELETE / TRUNCATE refused (correct with a reversing transfer)
--   LG002  a transfer's postings do not sum to zero, or it has fewer than two (checked at commit)
--   LG003  a hold may only leave 'pending' once, to 'posted' or 'voided'
--   LG004  an account's identity (id, member, kind) never changes and accounts are never deleted
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+.

CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % is append-only, % refused (post a reversing transfer instead)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'LG001';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS transfers_append_only ON transfers;
--> statement-breakpoint
CREATE TRIGGER transfers_append_only BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS transfers_no_truncate ON transfers;
--> statement-breakpoint
CREATE TRIGGER transfers_no_truncate BEFORE TRUNCATE ON transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS postings_append_only ON postings;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS postings_no_truncate ON postings;
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- Double entry: checked when the transaction commits (DEFERRABLE INITIALLY DEFERRED), because the
-- transfer row and its postings are written by separate statements. Fired by the transfer itself
-- (catches a transfer with no postings) and by each posting (catches postings added to a transfer).
CREATE OR REPLACE FUNCTION ledger_check_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  checked_id bigint;
  posting_count bigint;
  total numeric;
BEGIN
  IF TG_TABLE_NAME = 'transfers' THEN
    checked_id := NEW.id;
  ELSE
    checked_id := NEW.transfer_id;
  END IF;
  SELECT count(*), coalesce(sum(amount), 0) INTO posting_count, total
    FROM postings WHERE transfer_id = checked_id;
  IF posting_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger: transfer % is unbalanced: % postings summing to %', checked_id, posting_count, total
      USING ERRCODE = 'LG002';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS transfers_balanced ON transfers;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transfers_balanced AFTER INSERT ON transfers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_balanced();
--> statement-breakpoint
DROP TRIGGER IF EXISTS postings_balanced ON postings;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_balanced();
--> statement-breakpoint

-- Holds: pending -> posted | voided, once; nothing else about a hold ever changes.
CREATE OR REPLACE FUNCTION ledger_guard_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: holds are never deleted (hold %)', OLD.id USING ERRCODE = 'LG003';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'ledger: hold % is already %', OLD.id, OLD.status USING ERRCODE = 'LG003';
  END IF;
  IF NEW.status NOT IN ('posted', 'voided') THEN
    RAISE EXCEPTION 'ledger: hold % can only go from pending to posted or voided, not %', OLD.id, NEW.status
      USING ERRCODE = 'LG003';
  END IF;
  IF NEW.id <> OLD.id OR NEW.account_id <> OLD.account_id OR NEW.amount <> OLD.amount
     OR NEW.reference <> OLD.reference OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'ledger: hold % may only change its status', OLD.id USING ERRCODE = 'LG003';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS holds_resolve_once ON holds;
--> statement-breakpoint
CREATE TRIGGER holds_resolve_once BEFORE UPDATE OR DELETE ON holds
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_hold();
--> statement-breakpoint
DROP TRIGGER IF EXISTS holds_no_truncate ON holds;
--> statement-breakpoint
CREATE TRIGGER holds_no_truncate BEFORE TRUNCATE ON holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- Accounts: balance and held change (that is what the cache is); identity never does.
CREATE OR REPLACE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: accounts are never deleted (account %)', OLD.id USING ERRCODE = 'LG004';
  END IF;
  IF NEW.id <> OLD.id OR NEW.member_id IS DISTINCT FROM OLD.member_id OR NEW.kind <> OLD.kind THEN
    RAISE EXCEPTION 'ledger: account % may not change id, member or kind', OLD.id USING ERRCODE = 'LG004';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS accounts_identity_fixed ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_identity_fixed BEFORE UPDATE OF id, member_id, kind OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();

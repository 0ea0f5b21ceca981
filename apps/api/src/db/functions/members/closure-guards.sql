-- What closing an account may never do, held by the database itself (decision 0060), so a bug or
-- a hand-typed statement cannot: the code checks the same under the member's row lock and says
-- why in words; these are the guard behind it. Error codes (SQLSTATE class MC, raised only here):
--   MC001  a closed member is not reopened, and a member becomes closed only through a confirmed
--          request, with no money in a wallet or held and no withdrawal or deposit still open
--   MC002  a closure request leaves `pending` once; only a confirmed one's erasure time is set
--   MC003  a closed member makes no new deposit or withdrawal
-- Plain PL/pgSQL so the same file runs on PGlite and PostgreSQL 15+. Trigger functions run with
-- the rights of whoever changes the row, which may read every table they look at.

CREATE OR REPLACE FUNCTION members_guard_closure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' AND NEW.status <> 'closed' THEN
    RAISE EXCEPTION 'member %: a closed account is never reopened', OLD.id USING ERRCODE = 'MC001';
  END IF;
  IF NEW.status = 'closed' AND OLD.status <> 'closed' THEN
    IF NOT EXISTS (SELECT 1 FROM account_closures c
        WHERE c.member_id = NEW.id AND c.status = 'confirmed') THEN
      RAISE EXCEPTION 'member %: closed only by a confirmed request', NEW.id USING ERRCODE = 'MC001';
    END IF;
    IF EXISTS (SELECT 1 FROM accounts a
        WHERE a.member_id = NEW.id AND (a.balance <> 0 OR a.held <> 0)) THEN
      RAISE EXCEPTION 'member %: a wallet still holds money', NEW.id USING ERRCODE = 'MC001';
    END IF;
    IF EXISTS (SELECT 1 FROM withdrawals w WHERE w.member_id = NEW.id AND w.status = 'pending')
        OR EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = NEW.id AND d.status = 'pending') THEN
      RAISE EXCEPTION 'member %: a withdrawal or deposit is still open', NEW.id
        USING ERRCODE = 'MC001';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS members_closure_guard ON members;
--> statement-breakpoint
CREATE TRIGGER members_closure_guard BEFORE UPDATE OF status ON members
  FOR EACH ROW EXECUTE FUNCTION members_guard_closure();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION account_closures_guard_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' AND (NEW.status, NEW.decided_at, NEW.decided_by, NEW.refusal_reason)
      IS DISTINCT FROM (OLD.status, OLD.decided_at, OLD.decided_by, OLD.refusal_reason) THEN
    RAISE EXCEPTION 'closure request %: already %', OLD.id, OLD.status USING ERRCODE = 'MC002';
  END IF;
  IF NEW.erased_at IS DISTINCT FROM OLD.erased_at AND OLD.erased_at IS NOT NULL THEN
    RAISE EXCEPTION 'closure request %: its erasure is recorded once', OLD.id USING ERRCODE = 'MC002';
  END IF;
  IF NEW.member_id <> OLD.member_id OR NEW.requested_at <> OLD.requested_at THEN
    RAISE EXCEPTION 'closure request %: whose and when never change', OLD.id USING ERRCODE = 'MC002';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS account_closures_decided_once ON account_closures;
--> statement-breakpoint
CREATE TRIGGER account_closures_decided_once BEFORE UPDATE ON account_closures
  FOR EACH ROW EXECUTE FUNCTION account_closures_guard_decision();
--> statement-breakpoint

-- A deposit or withdrawal row is written for a member who is not closed, and it holds the
-- member's row (FOR SHARE) until it commits: a closure being confirmed at that moment waits for it
-- and then finds it open, rather than closing beside a request that lands a moment later.
CREATE OR REPLACE FUNCTION money_requests_refuse_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM members m WHERE m.id = NEW.member_id AND m.status <> 'closed' FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'member %: closed, no new % row', NEW.member_id, TG_TABLE_NAME
      USING ERRCODE = 'MC003';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS deposits_member_not_closed ON deposits;
--> statement-breakpoint
CREATE TRIGGER deposits_member_not_closed BEFORE INSERT ON deposits
  FOR EACH ROW EXECUTE FUNCTION money_requests_refuse_closed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS withdrawals_member_not_closed ON withdrawals;
--> statement-breakpoint
CREATE TRIGGER withdrawals_member_not_closed BEFORE INSERT ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION money_requests_refuse_closed();

-- What the request role (the role the API serves requests and runs its jobs as; decision 0030) may
-- do. Applied by the migrator at every start, after the migrations and the functions, so a new
-- table or function is covered the start it appears; the role's name comes from the migrator in
-- the transaction-local setting member_invest.request_role.
DO $grants$
DECLARE
  v_role text := current_setting('member_invest.request_role');
  v_function record;
BEGIN
  -- Only the owner creates objects here: a function the request role could create would run with
  -- its own rights anyway, but nothing it creates should ever stand beside the ledger's (PostgreSQL
  -- 15 no longer grants this; clusters initialised earlier still do).
  REVOKE CREATE ON SCHEMA public FROM PUBLIC;
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', v_role);

  -- Tables: from nothing each time, so a privilege removed here is removed from the database too.
  EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %I', v_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', v_role);
  -- The ledger is read-only: its functions (db/functions/ledger, SECURITY DEFINER) write it.
  EXECUTE format('REVOKE INSERT, UPDATE, DELETE ON accounts, transfers, postings, holds FROM %I', v_role);
  -- What an operator did is never rewritten: the audit log takes new rows only.
  EXECUTE format('REVOKE UPDATE, DELETE ON audit_log FROM %I', v_role);
  -- Operators' notes on a member are kept as written: new notes only (decision 0054).
  EXECUTE format('REVOKE UPDATE, DELETE ON member_notes FROM %I', v_role);
  -- Operators' internal notes on a ticket likewise (decision 0056).
  EXECUTE format('REVOKE UPDATE, DELETE ON ticket_notes FROM %I', v_role);

  EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %I', v_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', v_role);
  EXECUTE format('REVOKE ALL ON SEQUENCE %s, %s, %s, %s FROM %I',
    pg_get_serial_sequence('accounts', 'id'), pg_get_serial_sequence('transfers', 'id'),
    pg_get_serial_sequence('postings', 'id'), pg_get_serial_sequence('holds', 'id'), v_role);

  -- Functions (ours, not an extension's): nobody by default; the request role may call every one
  -- but the trigger functions, which only the triggers run.
  FOR v_function IN
    SELECT p.oid::regprocedure AS signature, p.prorettype = 'trigger'::regtype AS is_trigger
      FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
          WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', v_function.signature);
    IF v_function.is_trigger THEN
      EXECUTE format('REVOKE ALL ON FUNCTION %s FROM %I', v_function.signature, v_role);
    ELSE
      EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', v_function.signature, v_role);
    END IF;
  END LOOP;
END
$grants$;

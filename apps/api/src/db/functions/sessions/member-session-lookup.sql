-- The bearer token's session, its member's status and the member's wallet rows: what every
-- member request reads first (core/sessions/member-sessions.ts, decision 0036). A PL/pgSQL
-- function because PostgreSQL keeps the plan of a query inside one for the life of the server
-- connection: sent as a plain statement, the three-table join was parsed and planned on every
-- request, which doubled the database's CPU per request. The plan lives inside the server, where
-- a pooler sees nothing of it, so PgBouncer in transaction mode is unaffected (a named prepared
-- statement would not be). It reads with the caller's rights (SECURITY INVOKER).
CREATE OR REPLACE FUNCTION member_session_lookup(p_token_hash text)
RETURNS TABLE (
  session_id uuid, session_member_id uuid, last_seen_at timestamptz, expires_at timestamptz,
  impersonated_by uuid, member_status text, wallet_kind text, wallet_balance bigint,
  wallet_held bigint
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.member_id, s.last_seen_at, s.expires_at, s.impersonated_by, m.status,
      a.kind, a.balance, a.held
    FROM sessions s
    JOIN members m ON m.id = s.member_id
    LEFT JOIN accounts a ON a.member_id = s.member_id
    WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL;
END
$$;

-- The bearer tokens' sessions, their members' status and wallet rows: what every member request
-- reads first (core/sessions/member-sessions.ts, decisions 0036, 0042 and 0066). This version is
-- the previous release's; member_session_rows below, the same lookup, is what the app calls now.
-- Both take the token hashes of all the requests that arrived in one turn of the server's event
-- loop, so they share one round trip; each row says which hash (1-based, in the array's order) it
-- answers. A token that is unknown or revoked has no row. PL/pgSQL functions because PostgreSQL
-- keeps the plan of a query inside one for the life of the server connection: sent as a plain
-- statement, the join was parsed and planned on every request, which doubled the database's CPU
-- per request. The plan lives inside the server, where a pooler sees nothing of it, so PgBouncer
-- in transaction mode is unaffected (a named prepared statement would not be). They read with
-- the caller's rights (SECURITY INVOKER).
CREATE OR REPLACE FUNCTION member_session_lookups(p_token_hashes text[])
RETURNS TABLE (
  token_index integer, session_id uuid, session_member_id uuid, last_seen_at timestamptz,
  expires_at timestamptz, impersonated_by uuid, member_status text, wallet_kind text,
  wallet_balance bigint, wallet_held bigint
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT t.token_index::integer, s.id, s.member_id, s.last_seen_at, s.expires_at,
      s.impersonated_by, m.status, a.kind, a.balance, a.held
    FROM unnest(p_token_hashes) WITH ORDINALITY AS t(token_hash, token_index)
    JOIN sessions s ON s.token_hash = t.token_hash
    JOIN members m ON m.id = s.member_id
    LEFT JOIN accounts a ON a.member_id = s.member_id
    WHERE s.revoked_at IS NULL;
END
$$;
--> statement-breakpoint
-- What the app calls: one row per token found, its member's three wallets side by side, every
-- column already text (timestamps as epoch milliseconds), which the app decodes alike from both
-- drivers. Against the version above: the casts run inside the function's kept plan, where the
-- calling statement, parsed and planned on every call, made the round trip a third longer
-- (pgbench, one client: 0.21 ms against 0.16 ms); and a batch of members returns a row each
-- instead of three. The version above stays for instances of the previous release while a new
-- one rolls out; a later release drops it.
CREATE OR REPLACE FUNCTION member_session_rows(p_token_hashes text[])
RETURNS TABLE (
  token_index text, session_id text, session_member_id text, last_seen_ms text, expires_ms text,
  impersonated_by text, member_status text, fund_balance text, fund_held text,
  profit_balance text, profit_held text, compounding_balance text, compounding_held text
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT t.token_index::text, s.id::text, s.member_id::text,
      floor(extract(epoch from s.last_seen_at) * 1000)::bigint::text,
      floor(extract(epoch from s.expires_at) * 1000)::bigint::text,
      s.impersonated_by::text, m.status::text,
      f.balance::text, f.held::text, p.balance::text, p.held::text, c.balance::text, c.held::text
    FROM unnest(p_token_hashes) WITH ORDINALITY AS t(token_hash, token_index)
    JOIN sessions s ON s.token_hash = t.token_hash
    JOIN members m ON m.id = s.member_id
    LEFT JOIN accounts f ON f.member_id = s.member_id AND f.kind = 'fund'
    LEFT JOIN accounts p ON p.member_id = s.member_id AND p.kind = 'profit'
    LEFT JOIN accounts c ON c.member_id = s.member_id AND c.kind = 'compounding'
    WHERE s.revoked_at IS NULL;
END
$$;
--> statement-breakpoint
-- The one-token version this replaces; nothing calls it any more.
DROP FUNCTION IF EXISTS member_session_lookup(text);

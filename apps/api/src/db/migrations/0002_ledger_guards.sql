-- This migration's functions now live in apps/api/src/db/functions (ledger/guards.sql), re-applied by
-- the migrator whenever they change (decision 0031). Databases migrated earlier ran the original
-- definitions here; the repeatable files replace them.

-- The house accounts exist from the first start; ensureHouseAccounts() (ledger/accounts.ts) adds
-- any code introduced later, with the same ON CONFLICT so both are idempotent.
INSERT INTO accounts (kind, created_at) VALUES
  ('house:deposits', now()),
  ('house:withdrawals', now()),
  ('house:package-principal', now()),
  ('house:profit-expense', now()),
  ('house:commission-expense', now()),
  ('house:reward-expense', now()),
  ('house:fee-revenue', now()),
  ('house:adjustments', now())
ON CONFLICT (kind) WHERE member_id IS NULL DO NOTHING;

-- Plan version 1 and the demo catalogue of PRODUCT.md §3. Demo values for a working system;
-- operators change them by adding a plan version or editing the catalogue, never this file.
INSERT INTO "plan_versions" ("version", "settings", "created_at")
VALUES (1, '{"timeZone": "UTC", "missedDays": "carry"}'::jsonb, now());
--> statement-breakpoint
-- Amounts in micro-dollars; daily_rate in units of 1e-4 % (0.30 % = 3000).
INSERT INTO "packages" ("name", "min_amount", "max_amount", "daily_rate", "total_days", "active", "sort_order", "created_at")
VALUES
  ('Starter', 50000000, 499000000, 3000, 365, true, 1, now()),
  ('Growth', 500000000, 2499000000, 4000, 365, true, 2, now()),
  ('Pro', 2500000000, 25000000000, 5000, 365, true, 3, now());

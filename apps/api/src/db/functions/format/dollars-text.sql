-- formatDollars (contracts) in SQL: `$`, thousands grouped, up to 6 decimals without trailing
-- zeros. Exact, since numeric division of the bigint by 10^6 has no rounding at 6 places.
-- claim-profit.test.ts holds the two to the same output.
CREATE OR REPLACE FUNCTION dollars_text(micros bigint) RETURNS text LANGUAGE sql AS $$
  SELECT '$' || rtrim(to_char(micros::numeric / 1000000, 'FM999,999,999,999,990.999999'), '.')
$$;

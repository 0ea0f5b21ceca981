-- formatAmount (contracts) in SQL, for the notifications the money functions write: `$`,
-- thousands grouped, cents always, and 4 decimals when the amount carries fractions of a cent,
-- rounded half away from zero ($28.00, $0.9450). claim-profit.test.ts holds the two to the same
-- output.
CREATE OR REPLACE FUNCTION dollars_text(micros bigint) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN micros < 0 THEN '-' ELSE '' END || '$' || CASE WHEN micros % 10000 = 0
    THEN to_char(round(abs(micros::numeric) / 1000000, 2), 'FM999,999,999,999,990.00')
    ELSE to_char(round(abs(micros::numeric) / 1000000, 4), 'FM999,999,999,999,990.0000')
  END
$$;

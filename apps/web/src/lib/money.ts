import { parseMoney } from '@app/contracts';

/** Micro-dollars of dollars the API sent (a balance, a package's bounds); 0 stays 0. */
export function dollarsToMicros(dollars: number): bigint {
  const parsed = parseMoney(dollars);
  return parsed.ok ? parsed.micros : 0n;
}

// What an API test's database costs to make: a new in-memory PGlite migrated from nothing (what
// every test did before decision 0038) against createPgliteTestDatabase's copy of a migrated
// template (apps/api/src/testing/pglite-template.ts). Alternates the two, BENCH_ROUNDS (5) times
// each after one of each to warm up, and prints each time, the medians, their ratio and the load.
import { loadavg } from 'node:os';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { createPgliteTestDatabase } from '../apps/api/src/testing/database.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

async function timed(make: () => Promise<{ close: () => Promise<void> }>): Promise<number> {
  const started = performance.now();
  const database = await make();
  const elapsed = performance.now() - started;
  await database.close();
  return elapsed;
}

const fresh = () => openDatabase({ dataDir: null });
const fromTemplate = () => createPgliteTestDatabase();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');

console.log(`load average at start ${loadavg()[0]!.toFixed(1)}`);
// The first template copy also makes the template when there is none for this definition.
console.log(
  `warm-up: fresh ${(await timed(fresh)).toFixed(0)} ms, template ${(await timed(fromTemplate)).toFixed(0)} ms (makes the template if missing)`,
);
const freshTimes: number[] = [];
const templateTimes: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  freshTimes.push(await timed(fresh));
  templateTimes.push(await timed(fromTemplate));
}
console.log(
  `fresh PGlite + migrations: ${ms(freshTimes)} ms, median ${median(freshTimes).toFixed(0)} ms`,
);
console.log(
  `template copy:             ${ms(templateTimes)} ms, median ${median(templateTimes).toFixed(0)} ms`,
);
console.log(
  `ratio fresh / template ${(median(freshTimes) / median(templateTimes)).toFixed(1)}, load average at end ${loadavg()[0]!.toFixed(1)}`,
);

import { vi } from 'vitest';
import { resealCommand, type ResealStore } from '../scripts/reseal-command.ts';
import type { TestApp } from './test-app.ts';

/**
 * Runs a re-seal command on the test's database (left open for the test) and keeps what it
 * printed; `open` tells whether it got as far as the database.
 */
export async function runReseal<Kind extends string>(
  t: TestApp,
  store: ResealStore<Kind>,
  env: NodeJS.ProcessEnv,
) {
  const lines: string[] = [];
  const open = vi.fn(async () => ({ ...t.ctx.database, close: async () => {} }));
  const exitCode = await resealCommand(store, env, { open, print: (line) => lines.push(line) });
  return { exitCode, lines, open };
}

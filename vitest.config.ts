import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webTestProjects } from './apps/web/build/test-projects.ts';

// One runner, several projects: `npm test` (scripts/test.mjs) chooses which ones run.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker less than the cores: on a 2-core CI machine that
    // is one file at a time with a core idle. The files are independent (each has its own
    // database, mail sink and ports), so use every core.
    maxWorkers: availableParallelism(),
    // The suites hash thousands of passwords: Argon2id at its cheapest, not at OWASP strength
    // (lib/passwords.ts; lib/passwords.test.ts checks both, and that production refuses this).
    env: { PASSWORD_HASH_COST: 'minimal' },
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // One module graph per worker, not per file: each file imported the whole app again
          // (67 s of 164). Every file opens its own database, mail sink and ports, and the
          // shuffled order checks that none leans on another (decision 0040).
          isolate: false,
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          // One file at a time on one worker, and, as for 'api', one module graph for all of
          // them: importing the app again for each of the eighteen files was 40 % of the stage.
          isolate: false,
          root: 'apps/api',
          include: ['src/**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      // 'web' and 'web-isolated': the web app's tests, most sharing a module graph per worker.
      ...webTestProjects('apps/web'),
    ],
  },
});

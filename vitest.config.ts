import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { webTestProjects } from './apps/web/build/test-projects.ts';

// One runner, several projects: `npm test` (scripts/test.mjs) chooses which ones run.

/** A seeded pseudo-random number in [0, 1), from mulberry32: the same seed, the same order. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Shuffled runs (decisions 0033, 0063) shuffle the files inside each project, one project after another.
 * Vitest hands a worker that shares its module graph (isolate: false) the next file only when that
 * file is of the same project; otherwise it ends the worker and starts another. Its own shuffle
 * mixes the projects, which gave 'api' and 'web' a new module graph for almost every file.
 */
class ShuffleWithinProjects extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (!shuffle) return super.sort(files);
    const random = seededRandom(seed);
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId))) {
      const list = byProject.get(file.project.name) ?? [];
      byProject.set(file.project.name, list);
      list.push(file);
    }
    return [...byProject.keys()].sort().flatMap((name) => {
      const list = byProject.get(name)!;
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
      return list;
    });
  }
}

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker less than the cores: on a 2-core CI machine that
    // is one file at a time with a core idle. The files are independent (each has its own
    // database, mail sink and ports), so use every core.
    maxWorkers: availableParallelism(),
    // The suites hash thousands of passwords: Argon2id at its cheapest, not at OWASP strength
    // (lib/passwords.ts; lib/passwords.test.ts checks both, and that production refuses this).
    env: { PASSWORD_HASH_COST: 'minimal' },
    sequence: { sequencer: ShuffleWithinProjects },
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

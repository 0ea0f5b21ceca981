import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The web tests as two Vitest projects (decision 0063). Most files share one module graph and one
// page per worker, as the API's tests do: importing React, material-ui, emotion and the app anew
// for each of eighty files, and making a page for each, was over a third of their CPU time. A file
// that needs a graph or a page of its own runs isolated, beside them.

const TEST_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'];

/**
 * What makes a file need its own graph and page: a module mock (vi.mock replaces a module only
 * where it is not loaded yet, and in a shared graph it usually is), or writing the page's whole
 * head or body, which would remove what the files before it left mounted there.
 */
const NEEDS_ITS_OWN = /\bvi\.mock\(|document\.(?:head|body)\.innerHTML\s*=/;

/**
 * The test files under `root` (paths relative to it) that must run isolated. Only the folders
 * that hold tests are read: the app's folder also holds its build and its own node_modules.
 */
function testsOfTheirOwn(root: string): string[] {
  return ['src', 'build']
    .flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map(
        (file) => `${folder}/${file.replaceAll('\\', '/')}`,
      ),
    )
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => NEEDS_ITS_OWN.test(readFileSync(join(root, file), 'utf8')))
    .sort();
}

/** The two projects, for the root's Vitest config; `root` is this app's folder from there. */
export function webTestProjects(root: string) {
  const ofTheirOwn = testsOfTheirOwn(root);
  const config = `./${root}/vite.config.ts`;
  return [
    {
      extends: config,
      test: {
        name: 'web',
        root,
        include: TEST_FILES,
        exclude: ofTheirOwn,
        isolate: false,
        // Every module of the app loaded before a worker's first test (app-modules.ts says why).
        setupFiles: ['./src/testing/app-modules-setup.ts'],
      },
    },
    { extends: config, test: { name: 'web-isolated', root, include: ofTheirOwn, isolate: true } },
  ];
}

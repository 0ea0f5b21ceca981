import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';

/**
 * react-router's production build. Its package exports only its development build (since 7.0.2,
 * "temporarily": react-router issues #12532 and #14102), whose warnings and checks every first
 * load evaluated: a build takes the production build by its path, which must still exist.
 */
function reactRouterProductionBuild() {
  const packageDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const file = join(packageDir, 'dist/production/index.mjs');
  if (!existsSync(file)) throw new Error(`shared-config: react-router no longer ships ${file}`);
  return { find: /^react-router$/, replacement: file };
}

/**
 * What the app's build and the server-side build of its first screens (build/html-pages.ts)
 * share, so both render with the same modules.
 */
export const sharedConfig = (isBuild: boolean) =>
  ({
    plugins: [react()],
    resolve: {
      alias: [
        // One react-toastify for the whole app, its unstyled build: the stock build injects its
        // stylesheet from the first script; app/toaster.tsx brings it as a stylesheet, later.
        { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
        // Tests and the dev server keep react-router's warnings.
        ...(isBuild ? [reactRouterProductionBuild()] : []),
      ],
    },
  }) satisfies InlineConfig;

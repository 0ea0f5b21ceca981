import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { htmlPages } from './build/html-pages.ts';
import { precompress } from './build/precompress.ts';
import { preloadSignedIn } from './build/preload-signed-in.ts';
import { pureContracts } from './build/pure-contracts.ts';
import { sharedConfig } from './build/shared-config.ts';
import { importedPathsOf } from './build/test-dependencies.ts';
// By path: Node loads the bundled config's package imports itself, and cannot load the
// contracts' TypeScript.
import { writeDollars } from '../../packages/contracts/src/format.ts';
import { earlyPaintSource } from './src/lib/early-figures.ts';
import { FRAME_REQUESTS, SCREEN_REQUESTS } from './src/app/first-screen.ts';
import {
  keepsPrerenderedSignIn,
  prerenderedGuardScript,
  SIGN_IN_PATHS,
  PRERENDERED_PAGE_RULES,
} from './src/app/prerendered-page.ts';
import { PUBLIC_PATHS } from './src/app/public-paths.ts';
import { colourSchemeScript, colourSchemeStyle } from './src/lib/colour-scheme.ts';
import { paths } from './src/config/paths.ts';
import { EARLY_RESPONSES_KEY } from './src/lib/early-responses.ts';

// The web app talks to the API on the same origin (`/api/v1/`); in development and preview
// Vite forwards the API's paths to it, so the browser never needs CORS.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || '3000'}`;
// Anchored patterns: a bare '/dev' prefix would also catch app routes such as '/devices'.
const proxy = Object.fromEntries(
  ['^/api/', '^/metrics($|\\?)', '^/dev($|/|\\?)'].map((pattern) => [
    pattern,
    { target: apiTarget },
  ]),
);

/** Matches a module id with one of `folders` right after `parent/` (either separator). */
const within = (parent: string, folders: string[]) =>
  new RegExp(`${parent}[\\\\/](?:${folders.join('|')})(?:[\\\\/]|\\.tsx?$)`);

// material-ui's larger controls, shared by the sign-up screen and the signed-in ones but not
// the sign-in: TextField with what its select mode brings (menu, popover, modal), the
// autocomplete's popper, chips and list headers.
const MUI_CONTROL_PARTS = [
  'TextField',
  'Select',
  'NativeSelect',
  'FilledInput',
  'Input',
  'Menu',
  'MenuList',
  'List',
  'Popover',
  'Modal',
  'Portal',
  'Backdrop',
  'Fade',
  'Grow',
  'Unstable_TrapFocus',
  'Popper',
  'Chip',
  'ListSubheader',
  'internal',
];

/**
 * Chunks by purpose instead of the bundler's hundred small shared pieces, so a first visit
 * costs a handful of requests (each a round trip on a phone network) and a chunk changes
 * only with what it holds. Higher priority picks first; a group also takes the dependencies
 * of its modules that no group above took.
 */
const chunkGroups = [
  // React, its DOM renderer, the router and the query cache: every screen needs them and
  // they change only on upgrades.
  {
    name: 'react',
    test: within('node_modules', [
      'react',
      'react-dom',
      'scheduler',
      'react-router',
      'cookie',
      '@tanstack',
    ]),
    priority: 5,
  },
  // The toasts: react-toastify with its container, loaded with the first toast or after the
  // first screen (lib/toast.ts, app/toaster.tsx), one chunk rather than two. Below the first
  // chunk, which keeps what both use (clsx): above it, this chunk and its stylesheet were
  // loaded with the first script.
  {
    name: 'toaster',
    test: (id: string) =>
      within('node_modules', ['react-toastify']).test(id) ||
      /src[\\/](?:app[\\/]toaster\.tsx|lib[\\/]toastify\.ts)$/.test(id),
    priority: 3.5,
  },
  // What main.tsx needs before anything renders: providers, theme, guards, the session and
  // the sign-in screen with its form parts and API client.
  { name: 'initial', tags: ['$initial' as const], priority: 4 },
  // See MUI_CONTROL_PARTS; with material-ui's shared helpers the sign-in did not need.
  {
    name: 'controls',
    test: (id: string) =>
      within('@mui[\\\\/]material', MUI_CONTROL_PARTS).test(id) ||
      within('node_modules[\\\\/]@mui', ['utils']).test(id),
    priority: 2,
  },
  // The list of countries (names, flags and dial codes) and what builds it: only the screens
  // that ask for a country need it. In the shared group below, it was evaluated with the cards
  // the dashboard loads after its first paint, a long task on a slow phone for nothing.
  {
    name: 'countries',
    test: (id: string) =>
      within('node_modules', ['country-codes-list']).test(id) ||
      /src[\\/]lib[\\/]countries\.ts$/.test(id),
    priority: 1.75,
  },
  // The app's shared pieces the first screen does not use: hooks, helpers, small components,
  // API calls and contracts, in one chunk instead of a dozen tiny ones.
  {
    name: 'common',
    test: (id: string) =>
      within('src', ['lib', 'components', 'config']).test(id) ||
      within('packages', ['contracts']).test(id) ||
      /src[\\/]features[\\/][^\\/]+[\\/]api[\\/]/.test(id),
    priority: 1.5,
  },
  // The dashboard's cards that load after its first paint (income totals, next rank, the data and
  // figure of the earnings chart; not the chart itself, whose library stays in its own chunk), with
  // what they use that the shell lacks. Without this group they would bring the shared groups,
  // every contract's schemas and the select menus, into the dashboard's load.
  {
    name: 'dashboard-cards',
    test: /src[\\/](features[\\/](statements[\\/](components[\\/]income-totals|api[\\/]get-user-earner)|rewards[\\/]components[\\/]next-rank-card)|components[\\/]chart-figure)\.tsx?$/,
    priority: 2.5,
  },
  // The signed-in frame (menu, top bar, tabs, balances, notifications) and the dashboard, the
  // screen a returning member opens, with everything they use that the first chunk lacks.
  // Above the shared groups: they would otherwise pull the whole app's shared code (every
  // contract, the address checksums, tables and pagers) into the dashboard's first load.
  {
    name: 'shell',
    test: (id: string) =>
      within('src[\\/]app', ['shell', 'screens', 'prefetch']).test(id) ||
      /src[\\/]app[\\/]routes[\\/]dashboard\.tsx$/.test(id) ||
      within('src[\\/]features', ['dashboard', 'wallet', 'notifications', 'referral']).test(id),
    priority: 3,
  },
];

export default defineConfig(({ command }) => {
  // A build is always the production build, whatever NODE_ENV the caller runs with (the journeys
  // and the Lighthouse bench start the server with NODE_ENV=test): otherwise Vite bundles React's
  // development build, twice the size and far slower.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return configFor(command === 'build');
});

/**
 * The packages whose modules the web tests import bundled (test.deps.optimizer): the UI
 * libraries, and the testing library, which must share their one React.
 */
const TEST_BUNDLED = [
  'react',
  'react-dom',
  '@emotion/react',
  '@emotion/styled',
  '@mui/material',
  '@mui/icons-material',
  '@mui/x-charts',
  '@tanstack/react-query',
  'react-router',
  'react-hook-form',
  '@hookform/resolvers',
  'react-toastify',
  'zod',
  'libphonenumber-js',
  'country-codes-list',
  'qrcode',
  '@testing-library/react',
  '@testing-library/user-event',
];

// lib/auth-store.ts's storageKeys.accessToken and .referralCode (that module needs the browser
// and contracts).
const TOKEN_KEY = 'accessToken';
const REFERRAL_KEY = 'referral_code';

const configFor = (isBuild: boolean): ViteUserConfig => {
  const shared = sharedConfig(isBuild);
  return {
    ...shared,
    // Fixed root so the config behaves the same from the repo root (vitest projects) and here.
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [
      ...shared.plugins,
      pureContracts(fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url))),
      // Every page, prerendered or not, paints in the visitor's colour scheme from its first
      // frame (lib/colour-scheme.ts); the build's pages are made from this index.html.
      {
        name: 'member-invest:colour-scheme',
        transformIndexHtml: (html: string) =>
          html.replace(
            '</head>',
            `  <style>${colourSchemeStyle()}</style>\n    <script>${colourSchemeScript()}</script>\n  </head>`,
          ),
      },
      preloadSignedIn({
        frameModules: ['src/app/shell/app-shell.tsx', 'src/app/prefetch.ts'],
        routeModules: { [paths.dashboard]: 'src/app/routes/dashboard.tsx' },
        publicPaths: PUBLIC_PATHS,
        tokenKey: TOKEN_KEY,
        requests: {
          // config/env.ts's default; the build's VITE_API_BASE_PATH when set.
          apiBasePath: process.env.VITE_API_BASE_PATH || '/api/v1/',
          frame: FRAME_REQUESTS,
          screens: SCREEN_REQUESTS,
          globalKey: EARLY_RESPONSES_KEY,
        },
        earlyPaint: earlyPaintSource(writeDollars),
      }),
      htmlPages({
        entry: 'src/app/prerender.tsx',
        pages: [
          {
            file: 'sign-in.html',
            screen: 'sign-in',
            paths: SIGN_IN_PATHS,
            startAtFirstUseIf: keepsPrerenderedSignIn(REFERRAL_KEY),
          },
          // Every signed-in path, /{symbol} and the unknown ones (the shell's not-found screen).
          { file: 'frame.html', screen: 'frame', paths: [] },
        ],
        plainPaths: PUBLIC_PATHS.filter((path) => !SIGN_IN_PATHS.includes(path)),
        otherwise: 'frame.html',
        head: { script: prerenderedGuardScript(TOKEN_KEY), style: PRERENDERED_PAGE_RULES },
        ssrConfig: shared,
      }),
      precompress(),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
    },
    server: { host: '127.0.0.1', proxy },
    preview: { host: '127.0.0.1', proxy },
    // What the web tests share. Which files run, and whether they share one module graph, is
    // said by the two projects of build/test-projects.ts, which the root's Vitest config lists.
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      // build/html-pages.ts loads the server-side build it writes to a temporary folder with
      // Node's import, as in a build, not through Vitest's module runner.
      server: { deps: { external: [/member-invest-prerender-/] } },
      restoreMocks: true,
      testTimeout: 15_000,
      // material-ui, emotion and React are hundreds of modules each: bundled once into a few
      // files, a worker (or a file of its own) imports them in one piece.
      deps: {
        optimizer: {
          client: {
            enabled: true,
            include: [
              'react/jsx-runtime',
              'react/jsx-dev-runtime',
              'react-dom/client',
              ...importedPathsOf(fileURLToPath(new URL('./src', import.meta.url)), TEST_BUNDLED),
            ],
          },
        },
      },
    },
  };
};

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { preloadChunks } from './build/preload-chunks.ts';

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

// The material-ui parts of the public screens: FormTextField's label, input and helper text,
// the password field's button and the auth frame's card, links and alert.
const MUI_PUBLIC_PARTS = [
  'FormControl',
  'FormLabel',
  'InputLabel',
  'InputBase',
  'OutlinedInput',
  'InputAdornment',
  'TextareaAutosize',
  'FormHelperText',
  'IconButton',
  'Paper',
  'Link',
  'Alert',
];

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
  // React, its DOM renderer and the router: every screen needs them and they rarely change.
  {
    name: 'react',
    test: (id: string) =>
      id === '\0rolldown/runtime.js' ||
      within('node_modules', ['react', 'react-dom', 'scheduler', 'react-router', 'cookie']).test(
        id,
      ),
    priority: 5,
  },
  // What main.tsx needs before anything renders: providers, theme, guards, session.
  { name: 'initial', tags: ['$initial' as const], priority: 4 },
  // The public screens' parts (also used by the signed-in ones): forms and text fields, the
  // API client, the auth frame. The contracts are left to the bundler: the package declares
  // no side effects, so each screen's chunk holds only the schemas it uses.
  {
    name: 'public',
    test: (id: string) =>
      within('node_modules', ['react-hook-form', '@hookform', '@tanstack']).test(id) ||
      within('@mui[\\\\/]material', MUI_PUBLIC_PARTS).test(id) ||
      within('src', ['lib', 'config']).test(id) ||
      within('src[\\\\/]components', [
        'form-text-field',
        'password-field',
        'brand',
        'text-link',
      ]).test(id) ||
      within('src[\\\\/]features[\\\\/]auth[\\\\/]components', ['auth-layout']).test(id),
    priority: 3,
  },
  {
    name: 'controls',
    test: (id: string) =>
      within('@mui[\\\\/]material', MUI_CONTROL_PARTS).test(id) ||
      within('node_modules[\\\\/]@mui', ['utils']).test(id),
    priority: 2,
  },
  // The signed-in frame (menu, top bar, tabs, balances, notifications) and the dashboard.
  {
    name: 'shell',
    test: (id: string) =>
      within('src[\\\\/]app', ['shell', 'screens']).test(id) ||
      within('src[\\\\/]features', ['dashboard', 'wallet', 'notifications', 'referral']).test(id),
    priority: 1,
  },
];

export default defineConfig({
  // Fixed root so the config behaves the same from the repo root (vitest projects) and here.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadChunks(['public']), precompress()],
  resolve: {
    // One react-toastify for the whole app, its unstyled build: the stock build injects its
    // stylesheet from the first script; app/toaster.tsx brings it as a stylesheet, later.
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});

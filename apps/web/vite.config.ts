import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

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

export default defineConfig({
  // Fixed root so the config behaves the same from the repo root (vitest projects) and here.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
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

import { beforeAll } from 'vitest';
import { loadAppModules } from './app-modules.ts';

// For the web tests that share a module graph (build/test-projects.ts): before a file's first
// test, every module of the app is loaded, once per worker.
beforeAll(() => loadAppModules(), 60_000);

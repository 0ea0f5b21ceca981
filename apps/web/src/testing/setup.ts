import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './server.ts';
import { installStyleRuleIndex } from './style-rule-index.ts';

// getComputedStyle, which every query by role and every click asks of many elements, with the
// style rules looked up instead of all tried (style-rule-index.ts).
installStyleRuleIndex(window);

// Routes load lazily, as in the browser; the first import of a screen's modules is slow.
configure({ asyncUtilTimeout: 5000 });

// A request no handler expects is a bug in the test or the app, never silently answered.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// jsdom has no scrolling; the shell scrolls to the top on each screen change. Recent
// Chromium returns a promise from scrollTo, so the stand-in does too.
Object.defineProperty(window, 'scrollTo', { value: () => Promise.resolve(), writable: true });

// Like epic-stack: an unexpected console.error (a React warning, a failed prop type, an
// uncaught rejection logged by a library) fails the test that caused it.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  window.localStorage.clear();
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  server.resetHandlers();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    const text = errors.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '),
    );
    throw new Error(`Unexpected console.error:\n${text.join('\n---\n')}`);
  }
});

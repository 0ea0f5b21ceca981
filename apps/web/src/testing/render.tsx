import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { saveSession } from '../lib/auth-store.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { buildMember } from './factories.ts';

type Options = { fakeTimers?: boolean };

/** Renders the whole app (providers, guards, lazy routes) at a URL, as the browser would. */
export function renderApp(url: string, { fakeTimers = false }: Options = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  // StrictMode as in main.tsx: effects run, clean up and run again, exposing bad cleanups.
  const view = render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, router, user };
}

export const signInAs = (member = buildMember(), token = 'test-token') => {
  saveSession(token, member);
  return member;
};

/** Renders one component inside the app's providers (its theme, queries and toasts). */
export function renderInApp(ui: ReactNode) {
  render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
  return userEvent.setup();
}

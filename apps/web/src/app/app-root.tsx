import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { releasePrerendered } from './prerendered-page.ts';
import { AppProviders } from './providers.tsx';

type Props = { queryClient: QueryClient; children: ReactNode };

/**
 * The app's tree above the router: what main.tsx renders and what the build prerenders the
 * sign-in with (app/prerender.tsx). One component, so the two stay the same tree, as
 * hydration needs (React's generated ids follow the tree's shape).
 */
export function AppRoot({ queryClient, children }: Props) {
  // In the commit that puts the app's first screen on the page, before the browser paints it.
  useLayoutEffect(releasePrerendered, []);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    </StrictMode>
  );
}

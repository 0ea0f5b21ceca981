import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type Query, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { getAccessToken, subscribeSession } from '../lib/auth-store.ts';
import { COLOUR_MODE_KEY } from '../lib/colour-scheme.ts';
import { OPERATOR_QUERY_ROOT } from '../lib/operator-query-keys.ts';
import { styleCache } from '../lib/style-cache.ts';
import { getOperatorToken } from '../lib/operator-session.ts';
import { theme } from './theme.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

type Props = { queryClient: QueryClient; children: ReactNode };

/**
 * The theme and its baseline styles: all a screen drawn without the app's data needs, through
 * the cache that knows the page's prerendered styles (lib/style-cache.ts). The
 * colour mode (system, light or dark) is the device's, kept under COLOUR_MODE_KEY; a change
 * applies without the colours' transitions, at once.
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const themed = (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      modeStorageKey={COLOUR_MODE_KEY}
      disableTransitionOnChange
    >
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
  const cache = styleCache();
  return cache ? <CacheProvider value={cache}>{themed}</CacheProvider> : themed;
}

export function AppProviders({ queryClient, children }: Props) {
  // Whenever a session ends (sign out, a 401, another tab), drop its cached data so the next
  // person to sign in here never sees it: the member's, or the console's (keys under
  // 'operator'). One ending never drops the other's.
  useEffect(
    () =>
      subscribeSession(() => {
        const isConsoleQuery = (query: Query) => query.queryKey[0] === OPERATOR_QUERY_ROOT;
        const cache = queryClient.getQueryCache();
        const ended = (console: boolean) =>
          cache.findAll().filter((query) => isConsoleQuery(query) === console);
        if (!getAccessToken()) ended(false).forEach((query) => cache.remove(query));
        if (!getOperatorToken()) ended(true).forEach((query) => cache.remove(query));
      }),
    [queryClient],
  );

  return (
    <AppTheme>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </AppTheme>
  );
}

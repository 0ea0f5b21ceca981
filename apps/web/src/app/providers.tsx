import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { getAccessToken, subscribeSession } from '../lib/auth-store.ts';
import { theme } from './theme.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

type Props = { queryClient: QueryClient; children: ReactNode };

/** The theme and its baseline styles: all a screen drawn without the app's data needs. */
export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({ queryClient, children }: Props) {
  // Whenever the session ends (sign out, a 401, another tab), drop the member's cached
  // data so the next person to sign in here never sees it.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!getAccessToken()) queryClient.getQueryCache().clear();
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

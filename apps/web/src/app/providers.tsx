import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { getAccessToken, subscribeSession } from '../lib/auth-store.ts';
import { theme } from './theme.ts';

const Toaster = lazy(() => import('./toaster.tsx'));

type Props = { queryClient: QueryClient; children: ReactNode };

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
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ThemeProvider>
  );
}

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { getAccessToken, subscribeSession } from '../lib/auth-store.ts';
import { TOAST_DURATION_MS } from '../lib/toast.ts';
import { theme } from './theme.ts';

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
      <ToastContainer
        position="top-center"
        autoClose={TOAST_DURATION_MS}
        newestOnTop
        limit={4}
        theme="colored"
      />
    </ThemeProvider>
  );
}

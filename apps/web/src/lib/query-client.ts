import { QueryClient } from '@tanstack/react-query';

// The API client toasts every failure, so automatic retries would repeat the same toast;
// screens offer a Retry button instead.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

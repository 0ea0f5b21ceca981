import { marketPairsData } from '@app/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { readEventStream } from '../../../lib/event-stream.ts';

// GET market/stream: one connection per browser tab however many components show prices (the
// card and the pair's page share it); each `pairs` event replaces the cached GET market/pairs
// answer. When the stream ends or drops, it reconnects after the server's advice, longer after
// each failure in a row; a refused session (401) ends it for good.

const streamPath = 'market/stream';
/** The cache entry of GET market/pairs, which each event replaces. */
export const marketPairsKey = ['market', 'pairs'] as const;
const MAX_WAIT_MS = 30_000;

type Connection = { users: number; stop: () => void };
const connections = new Map<QueryClient, Connection>();

function connect(queryClient: QueryClient): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let waitMs = 3_000;
  void (async () => {
    // A moment's grace: a component mounted and unmounted at once (React's StrictMode, a quick
    // navigation) opens no connection.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let failures = 0;
    while (!signal.aborted) {
      try {
        await readEventStream(streamPath, {
          signal,
          onRetry: (milliseconds) => (waitMs = milliseconds),
          onEvent: ({ event, data }) => {
            if (event !== 'pairs') return;
            const parsed = marketPairsData.safeParse(JSON.parse(data));
            if (!parsed.success) return;
            failures = 0;
            queryClient.setQueryData(marketPairsKey, parsed.data);
          },
        });
      } catch (error) {
        if (signal.aborted || (error instanceof ApiError && error.status === 401)) return;
        failures += 1;
      }
      const wait = Math.min(MAX_WAIT_MS, waitMs * 2 ** failures);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, wait);
        signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
      });
    }
  })();
  return () => controller.abort();
}

/** Keeps the tab's price stream open while the calling component is mounted. */
export function useMarketStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let connection = connections.get(queryClient);
    if (!connection) {
      connection = { users: 0, stop: connect(queryClient) };
      connections.set(queryClient, connection);
    }
    connection.users += 1;
    const current = connection;
    return () => {
      current.users -= 1;
      if (current.users > 0) return;
      current.stop();
      connections.delete(queryClient);
    };
  }, [queryClient]);
}

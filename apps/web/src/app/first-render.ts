import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { getAccessToken } from '../lib/auth-store.ts';
import { closeEarlyResponses } from '../lib/early-responses.ts';
import { PUBLIC_PATHS } from './public-paths.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** The longest the first render waits for its data; after it, skeletons show what is late. */
export const FIRST_RENDER_WAIT_MS = 1500;

/** Settles once the router has loaded the first screen's code (its lazy route modules). */
function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Settles when the first screen can be drawn whole: its code loaded and its data in the cache
 * (or FIRST_RENDER_WAIT_MS passed); later GETs ask the server, never the early script's
 * answers. Drawn in one go, the screen costs one render and one
 * layout instead of a spinner, then a frame of skeletons, then each card again as its answer
 * arrives: on a slow phone each of those is a pause in which a tap goes unanswered.
 */
export function firstScreenReady(
  router: Router,
  queryClient: QueryClient,
  pathname: string,
): Promise<void> {
  // The prefetch and the API calls and contracts it names come with the signed-in frame's
  // chunk, not the first one: the sign-in screen evaluates none of them.
  const data =
    getAccessToken() && !PUBLIC_PATHS.includes(pathname)
      ? import('./prefetch.ts').then(({ prefetchFirstScreen }) =>
          prefetchFirstScreen(queryClient, pathname),
        )
      : Promise.resolve();
  const ready = Promise.all([routerReady(router), data]);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  return Promise.race([ready.then(() => undefined), timeout]).then(closeEarlyResponses);
}

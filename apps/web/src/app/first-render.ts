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

type Options = {
  /**
   * The page shows the signed-in frame's skeleton (prerendered by the build): the app has
   * nothing better to draw until the screen's code is in, so it waits for that however long.
   */
  pageShowsFrame?: boolean;
};

/**
 * Settles when the first screen can be drawn whole: its code loaded and its data in the cache
 * (or FIRST_RENDER_WAIT_MS passed, for the code too unless the page shows the frame); later
 * GETs ask the server, never the early script's answers. Drawn in one go, the screen costs one
 * render and one layout instead of a spinner, then a frame of skeletons, then each card again
 * as its answer arrives: on a slow phone each of those is a pause in which a tap goes
 * unanswered.
 */
export function firstScreenReady(
  router: Router,
  queryClient: QueryClient,
  pathname: string,
  { pageShowsFrame = false }: Options = {},
): Promise<void> {
  // The prefetch and the API calls and contracts it names come with the signed-in frame's
  // chunk, not the first one: the sign-in screen evaluates none of them.
  const data =
    getAccessToken() && !PUBLIC_PATHS.includes(pathname)
      ? import('./prefetch.ts').then(({ prefetchFirstScreen }) =>
          prefetchFirstScreen(queryClient, pathname),
        )
      : Promise.resolve();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
  const code = routerReady(router);
  const ready = pageShowsFrame
    ? Promise.all([code, Promise.race([data, timeout])])
    : Promise.race([Promise.all([code, data]), timeout]);
  return ready.then(closeEarlyResponses);
}

// First: before any module creates a schema (see the module).
import './lib/zod-jitless.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppRoot } from './app/app-root.tsx';
import { takeOverEarlyInput } from './app/early-input.ts';
import { firstScreenReady } from './app/first-render.ts';
import { canHydrateSignIn } from './app/hydration.ts';
import { prerenderedScreen } from './app/prerendered-page.ts';
import { routes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

// Not a top-level await: the route chunks import from the first chunk, which holds this
// module, so waiting here would hold them, and the router with them, until the wait ran out.
const pageShowsFrame = prerenderedScreen() === 'frame';
void firstScreenReady(router, queryClient, window.location.pathname, { pageShowsFrame }).then(
  () => {
    const app = (
      <AppRoot queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppRoot>
    );
    // In the same task as the render below: from here on the form on the page is the app's.
    if (prerenderedScreen() === 'sign-in') takeOverEarlyInput();
    // A transition lets React render (or hydrate) the first screen in short slices, yielding to
    // the browser between them, instead of one long task that blocks input on a slow phone.
    startTransition(() => {
      // The page's prerendered sign-in is taken over as it is when the app would draw the same;
      // any other prerendered screen is replaced in the commit of the app's own first screen.
      if (canHydrateSignIn(window.location, window.history.state)) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
  },
);

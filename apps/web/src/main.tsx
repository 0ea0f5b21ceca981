// The app starts in steps, each in a task of its own: modules are evaluated in the order they
// are imported, and each module of app/start/ imports a step's modules, then waits for the next
// task (next-task.ts). Evaluated in one go, the app's modules took one task of 60-80 ms on a
// fast computer, which a slow phone stretches past half a second in which a tap goes unanswered.
// First: zod's setting, before any module creates a schema (see lib/zod-jitless.ts).
import './app/start/after-validation.ts';
import './app/start/after-emotion.ts';
import './app/start/after-styling-runtime.ts';
import './app/start/after-styles.ts';
import './app/start/after-providers.ts';
import './app/start/after-screens.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  RouterProvider,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import { takeOverEarlyInput } from './app/early-input.ts';
import { AppRoot } from './app/app-root.tsx';
import { firstScreenReady } from './app/first-render.ts';
import { canHydrateSignIn } from './app/hydration.ts';
import { prerenderedScreen } from './app/prerendered-page.ts';
import { routes } from './app/routes.tsx';
import { nextTask } from './app/start/next-task.ts';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Step 7: the router, made as `createBrowserRouter(routes)` makes it, but in two tasks: building
// the route tree, then the first navigation, which matches the page's address and asks for its
// screen's code. Together they were one task of 46-62 ms with the CPU slowed six times.
const router = createRouter({
  history: createBrowserHistory(),
  routes,
  mapRouteProperties,
  hydrationRouteProperties,
});
const queryClient = createQueryClient();
await nextTask();
router.initialize();
await nextTask();

// Not awaited at the top level, unlike the steps' short waits: the route chunks import from the
// first chunk, which holds this module, so waiting here for the first screen's data would hold
// them, and the router with them, until the wait ran out.
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

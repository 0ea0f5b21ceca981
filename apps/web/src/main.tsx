import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { firstScreenReady } from './app/first-render.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

// Not a top-level await: the route chunks import from the first chunk, which holds this
// module, so waiting here would hold them, and the router with them, until the wait ran out.
void firstScreenReady(router, queryClient, window.location.pathname).then(() => {
  // A transition lets React render the first screen in short slices, yielding to the browser
  // between them, instead of one long task that blocks input on a slow phone.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { prefetchFirstScreen } from './app/prefetch.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
prefetchFirstScreen(queryClient, window.location.pathname);

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

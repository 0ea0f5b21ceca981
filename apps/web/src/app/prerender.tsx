// The build's server-side entry (build/html-pages.ts): it renders the first screens that the
// pages carry as HTML, so the browser paints them before any script has arrived.
import { StrictMode, type ReactNode } from 'react';
import { prerender as prerenderToStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { AppRoot } from './app-root.tsx';
import { firstScreen } from './first-screen-styles.tsx';
import type { PrerenderedScreen } from './prerendered-page.ts';
import { AppTheme } from './providers.tsx';
import { routes } from './routes.tsx';
import { ShellSkeleton } from './shell/shell-skeleton.tsx';

async function render(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToStream(element);
  return new Response(prelude).text();
}

/**
 * The screen at `path` as the app's first render draws it without a session or stored data
 * (see canHydrateSignIn). `prerender` waits for what is lazy (the toaster) instead of leaving
 * it for the browser to render, which hydration would report.
 */
async function renderRoute(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender: ${path} answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return render(
    <AppRoot queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
}

/** The markup of `screen` (at `path`), with the style elements emotion writes beside it. */
export async function prerender(screen: PrerenderedScreen, path: string): Promise<string> {
  switch (screen) {
    case 'sign-in':
      return renderRoute(path);
    // Not a route: the frame's skeleton, the same for every signed-in path, and the styles of
    // the first screen that replaces it (without its markup).
    case 'frame': {
      const skeleton = await render(
        <StrictMode>
          <AppTheme>
            <ShellSkeleton />
          </AppTheme>
        </StrictMode>,
      );
      // A new member's and an active one's (a badge and a banner more): each style once.
      const styles = new Set<string>();
      for (const member of ['new', 'active'] as const) {
        const markup = await render(await firstScreen(member));
        for (const style of markup.match(/<style\b[^>]*>[^<]*<\/style>/g) ?? []) styles.add(style);
      }
      return skeleton + [...styles].join('');
    }
  }
}

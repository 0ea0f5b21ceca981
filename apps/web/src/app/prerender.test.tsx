import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { resolve } from 'node:path';
import type { LoginBody } from '@app/contracts';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPrerender } from '../../build/html-pages.ts';
import { prerenderedPage } from '../../build/page-html.ts';
import { sharedConfig } from '../../build/shared-config.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { apiUrl, failure } from '../testing/handlers.ts';
import { server } from '../testing/server.ts';
import { AppRoot } from './app-root.tsx';
import { earlyInput, forgetEarlyInput, takeOverEarlyInput } from './early-input.ts';
import { canHydrateSignIn } from './hydration.ts';
import type { PrerenderedScreen } from './prerendered-page.ts';
import {
  EARLY_SUBMIT_KEY,
  prerenderedGuardScript,
  PRERENDERED_PAGE_RULES,
} from './prerendered-page.ts';
import { routes } from './routes.tsx';

// index.html as Vite writes it, in miniature.
const TEMPLATE = `<!doctype html><html lang="en"><head><title>Member Invest</title>
<script type="module" crossorigin src="/assets/index.js"></script></head>
<body><div id="root"></div></body></html>`;

// The server-side build the build makes, with its own copies of React and the libraries (beside
// the app's modules, which hydrate here, React would see two renderers share its contexts).
let built: Awaited<ReturnType<typeof loadPrerender>>;
beforeAll(async () => {
  built = await loadPrerender(resolve(import.meta.dirname, '../..'), {
    entry: 'src/app/prerender.tsx',
    ssrConfig: sharedConfig(false),
  });
}, 60_000);
afterAll(() => built.done());

const prerender = (screen: PrerenderedScreen, path: string) => built.prerender(screen, path);

/** Loads the page the build writes for `screen` into this document, as the browser would. */
async function openPrerenderedPage(screen: PrerenderedScreen, path: string) {
  const page = prerenderedPage(TEMPLATE, screen, await prerender(screen, path), {
    script: prerenderedGuardScript('accessToken'),
    style: PRERENDERED_PAGE_RULES,
  });
  window.history.replaceState(null, '', path);
  // The same <head> and <body> (Testing Library's screen holds on to the body). The style
  // elements emotion's cache wrote for an earlier test's app stay: the cache lives as long as
  // the module, and it removes and moves its own elements.
  const emotionStyles = [...document.head.querySelectorAll('style[data-emotion]')];
  document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(page)![1]!;
  document.head.prepend(...emotionStyles);
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(page)![1]!;
  document.documentElement.dataset.prerendered = screen;
  return document.getElementById('root')!;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  for (const element of [...document.head.children]) {
    if (!element.matches('style[data-emotion]')) element.remove();
  }
  document.body.innerHTML = '';
  delete document.documentElement.dataset.prerendered;
  forgetEarlyInput();
});

/** What main.tsx does to hydrate, reporting what React could not take over as it was. */
const app = () => (
  <AppRoot queryClient={createQueryClient()}>
    <RouterProvider router={createBrowserRouter(routes)} />
  </AppRoot>
);

async function hydrate(container: HTMLElement) {
  const mismatches: unknown[] = [];
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(container, app(), {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
  });
  // The toaster is lazy: its part of the page hydrates once its code is in.
  await act(async () => {
    await import('./toaster.tsx');
  });
  return mismatches;
}

describe('the prerendered sign-in', () => {
  it('is taken over as it is: no mismatch, the same elements, a form that works', async () => {
    const container = await openPrerenderedPage('sign-in', '/');
    const field = screen.getByLabelText('Registered ID');
    expect(document.title).toBe('Sign in · Member Invest');
    expect(canHydrateSignIn(window.location, window.history.state)).toBe(true);

    expect(await hydrate(container)).toEqual([]);
    expect(screen.getByLabelText('Registered ID')).toBe(field);
    expect(document.documentElement.dataset.prerendered).toBeUndefined();
    // The form's handlers are React's now: its validation answers the submit.
    const user = userEvent.setup();
    await user.type(field, 'abcd2345');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(field).toHaveValue('abcd2345');
  });

  it('holds the passkey button, so that the app does not make the card taller as it takes over', async () => {
    await openPrerenderedPage('sign-in', '/');
    const button = screen.getByRole('button', { name: 'Use a passkey' });
    expect(button).toHaveAttribute('data-passkey-button');
    // A browser without passkeys hides it from the first paint (the head script marks <html>).
    expect(PRERENDERED_PAGE_RULES).toContain(
      'html[data-no-passkeys] [data-passkey-button]{display:none}',
    );
  });

  it('keeps the text typed before the app took over and sends a submit the page held, once', async () => {
    const sent = vi.fn();
    server.use(
      http.post<never, LoginBody>(apiUrl('auth/login'), async ({ request }) => {
        sent(await request.json());
        return failure(401, 'Invalid credentials', 'INVALID_CREDENTIALS');
      }),
    );
    const container = await openPrerenderedPage('sign-in', '/');
    // Typed into the page's own form and submitted, which the head script held.
    const typeIntoPage = (label: string, text: string) => {
      const field = screen.getByLabelText(label);
      (field as HTMLInputElement).value = text;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    };
    typeIntoPage('Registered ID', 'abcd2345');
    typeIntoPage('Password', 'correct horse');
    (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY] = { submitted: true };
    takeOverEarlyInput();

    expect(await hydrate(container)).toEqual([]);
    await waitFor(() => expect(sent).toHaveBeenCalled());
    expect(sent.mock.calls).toEqual([[{ loginId: 'ABCD2345', password: 'correct horse' }]]);
    expect(earlyInput()).toBeNull();
  });

  it('fills the form from text typed before the app, without sending it when it was not submitted', async () => {
    const container = await openPrerenderedPage('sign-in', '/');
    const field = screen.getByLabelText('Registered ID');
    (field as HTMLInputElement).value = 'abcd2345';
    takeOverEarlyInput();

    expect(await hydrate(container)).toEqual([]);
    // The state has the text: the label floats above it, and the form asks only for the password.
    expect(document.querySelector('label[for="' + field.id + '"]')).toHaveAttribute(
      'data-shrink',
      'true',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Registered ID is required')).toBeNull();
    expect(field).toHaveValue('abcd2345');
  });

  it('is the same markup at /login', async () => {
    expect(await prerender('sign-in', '/login')).toBe(await prerender('sign-in', '/'));
  });
});

describe('the prerendered frame', () => {
  it("is the signed-in frame's skeleton: bars, menu places and cards, and no script", async () => {
    const markup = await prerender('frame', '/dashboard');
    expect(markup).not.toMatch(/<script/);
    const container = await openPrerenderedPage('frame', '/dashboard');
    // The first screen's styles come with it (build/page-html.ts moves them to the head), its
    // elements do not: the skeleton stands in for them, and shows no text until the early
    // script writes the wallets in (decision 0065). (The menu's wallet panel has the same
    // words, as labels over skeletons.)
    expect(container.querySelector('main')?.textContent).not.toContain('Primary Wallet');
    expect(container.querySelector('header')).not.toBeNull();
    expect(screen.getByRole('group', { name: 'Wallet balance' })).toHaveTextContent('FundProfit');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Wallets' })).toHaveTextContent(
      'Primary WalletProfit Wallet',
    );
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});

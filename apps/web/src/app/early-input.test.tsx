import type { LoginBody, LoginData } from '@app/contracts';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMember } from '../testing/factories.ts';
import { apiUrl, ok } from '../testing/handlers.ts';
import { renderApp } from '../testing/render.tsx';
import { server } from '../testing/server.ts';
import { earlyInput, forgetEarlyInput, takeOverEarlyInput } from './early-input.ts';
import { EARLY_SUBMIT_KEY } from './prerendered-page.ts';

/** The prerendered sign-in's form as a visitor left it, and what the head script held. */
function pageWith(values: Record<string, string>, submitted: boolean) {
  const container = document.createElement('div');
  container.innerHTML = `<form>${Object.entries(values)
    .map(([name, value]) => `<input name="${name}" value="${value}">`)
    .join('')}<input name="empty"></form>`;
  (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY] = { submitted };
  return container;
}

afterEach(forgetEarlyInput);

describe('takeOverEarlyInput', () => {
  it("takes the fields' text and the held submit, and ends the page's holding", () => {
    takeOverEarlyInput(pageWith({ loginId: 'ABCD2345', password: 'secret' }, true));
    expect(earlyInput()).toEqual({
      values: { loginId: 'ABCD2345', password: 'secret' },
      submitted: true,
    });
    expect((window as unknown as Record<string, unknown>)[EARLY_SUBMIT_KEY]).toBeNull();
  });
});

describe('the first sign-in screen', () => {
  it('starts with what was typed and sends a submit made before the app, once', async () => {
    const sent = vi.fn();
    server.use(
      http.post<never, LoginBody>(apiUrl('auth/login'), async ({ request }) => {
        sent(await request.json());
        return ok<LoginData>({ access_token: 'fresh-token', user: buildMember() });
      }),
    );
    takeOverEarlyInput(pageWith({ loginId: 'abcd2345', password: 'correct horse' }, true));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(sent.mock.calls).toEqual([[{ loginId: 'ABCD2345', password: 'correct horse' }]]);
    expect(earlyInput()).toBeNull();
  });

  it('only fills in what was typed when it was not submitted, and only the first time', async () => {
    takeOverEarlyInput(pageWith({ loginId: 'ABCD2345' }, false));
    const { unmount } = renderApp('/');
    expect(await screen.findByLabelText('Registered ID')).toHaveValue('ABCD2345');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    unmount();
    renderApp('/login');
    expect(await screen.findByLabelText('Registered ID')).toHaveValue('');
  });
});

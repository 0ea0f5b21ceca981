import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOUR_MODE_KEY, COLOUR_SCHEME_ATTRIBUTE } from '../../../lib/colour-scheme.ts';
import { asDesktop, asPhone, resetScreen } from '../../../testing/media.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';

const slow = { timeout: 60_000 };
const schemeOnPage = () => document.documentElement.getAttribute(COLOUR_SCHEME_ATTRIBUTE);

afterEach(() => {
  resetScreen();
  document.documentElement.removeAttribute(COLOUR_SCHEME_ATTRIBUTE);
});

describe('the colour scheme switch', () => {
  it(
    'follows the device until the member chooses, and keeps the choice on this device',
    slow,
    async () => {
      // A light device (no media query asks for dark) with a phone's width.
      asPhone();
      signInAs();
      const { user } = renderApp('/profile');
      const card = await screen.findByRole('region', { name: 'Appearance' }, slow);
      const group = within(card).getByRole('group', { name: 'Colour scheme' });
      const option = (name: string) => within(group).getByRole('button', { name });
      // System is chosen and the page is the device's light.
      await waitFor(() => expect(option('System')).toHaveAttribute('aria-pressed', 'true'));
      await waitFor(() => expect(schemeOnPage()).toBe('light'));

      await user.click(option('Dark'));
      await waitFor(() => expect(schemeOnPage()).toBe('dark'));
      expect(localStorage.getItem(COLOUR_MODE_KEY)).toBe('dark');

      // Choosing the chosen mode again keeps it.
      await user.click(option('Dark'));
      expect(option('Dark')).toHaveAttribute('aria-pressed', 'true');

      await user.click(option('System'));
      await waitFor(() => expect(schemeOnPage()).toBe('light'));
      expect(localStorage.getItem(COLOUR_MODE_KEY)).toBe('system');
    },
  );

  it('is in the menu too, by icon with a name', slow, async () => {
    asDesktop();
    signInAs();
    renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, slow);
    const group = await within(menu).findByRole('group', { name: 'Colour scheme' }, slow);
    const names = within(group)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['System', 'Light', 'Dark']);
  });
});

import type { SecuritySettings } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

const FIELD = 'Withdrawal hold after a security change (hours)';

/** Serves the settings as the server keeps them and records each PUT body. */
function serveSettings(
  saved: SecuritySettings = { withdrawalHoldHours: 24 },
  refuse?: (body: unknown) => Response | undefined,
) {
  const puts: unknown[] = [];
  let current = saved;
  server.use(
    http.get(apiUrl('operator/settings/security'), () => ok(current)),
    http.put(apiUrl('operator/settings/security'), async ({ request }) => {
      const body = await request.json();
      puts.push(body);
      const refusal = refuse?.(body);
      if (refusal) return refusal;
      current = body as SecuritySettings;
      return ok(current, 'Settings saved');
    }),
  );
  return puts;
}

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });

// Whole-app renders with forms take seconds on a busy two-core machine.
describe('the console settings', { timeout: 30_000 }, () => {
  afterEach(resetScreen);

  it('shows an admin the hold in hours and saves a new one, a refusal on its field', async () => {
    asDesktop();
    signInOperator('admin');
    const puts = serveSettings({ withdrawalHoldHours: 24 }, (body) =>
      (body as SecuritySettings).withdrawalHoldHours === 700
        ? validationFailure([
            {
              field: 'withdrawalHoldHours',
              reason: 'Holds longer than a week need a second admin',
            },
          ])
        : undefined,
    );
    const { user } = renderApp('/operator/settings');
    const field = await screen.findByLabelText(FIELD);
    expect(field).toHaveValue(24);
    expect(field).toHaveAccessibleDescription(/0 turns the hold off/);
    expect(field).toHaveAccessibleDescription(/Holds already running keep their end/);
    expect(within(menu()).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Checked in the browser first: an empty field is not a 0 that would turn holds off.
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Enter whole hours from 0 to 720.'),
    );
    await user.type(field, '721');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Enter whole hours from 0 to 720.'),
    );
    expect(puts).toEqual([]);

    // The server's reason goes on the field.
    await user.clear(field);
    await user.type(field, '700');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Holds longer than a week need a second admin'),
    );

    await user.clear(field);
    await user.type(field, '48');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(puts).toEqual([{ withdrawalHoldHours: 700 }, { withdrawalHoldHours: 48 }]);
    expect(field).toHaveValue(48);
    expect(field).toHaveAccessibleDescription(/0 turns the hold off/);
  });

  it('says when the settings could not be loaded, and loads them on Retry', async () => {
    asDesktop();
    signInOperator('admin');
    let fails = true;
    server.use(
      http.get(apiUrl('operator/settings/security'), (): Response =>
        fails ? failure(500, 'Something went wrong') : ok({ withdrawalHoldHours: 12 }),
      ),
    );
    const { user } = renderApp('/operator/settings');
    expect(
      await screen.findByText('The security settings could not be loaded.'),
    ).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(FIELD)).toHaveValue(12);
  });

  it('shows support neither the menu item nor the screen', async () => {
    asDesktop();
    signInOperator('support');
    const puts = serveSettings();
    renderApp('/operator/settings');
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }),
    ).toBeInTheDocument();
    expect(within(menu()).getByRole('link', { name: 'Members' })).toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(FIELD)).not.toBeInTheDocument();
    expect(puts).toEqual([]);
  });
});

import type { ProofOfWorkSettings } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

// Whole-app renders with forms take seconds on a busy two-core machine.
describe('the robot check setting (decision 0050)', { timeout: 30_000 }, () => {
  afterEach(resetScreen);

  it('shows an admin when the robot check is asked for and saves "always"', async () => {
    asDesktop();
    signInOperator('admin');
    const puts: unknown[] = [];
    let current: ProofOfWorkSettings = { mode: 'adaptive' };
    server.use(
      http.get(apiUrl('operator/settings/security'), () => ok({ withdrawalHoldHours: 24 })),
      http.get(apiUrl('operator/settings/proof-of-work'), () => ok(current)),
      http.put(apiUrl('operator/settings/proof-of-work'), async ({ request }) => {
        current = (await request.json()) as ProofOfWorkSettings;
        puts.push(current);
        return ok(current, 'Settings saved');
      }),
    );
    const { user } = renderApp('/operator/settings');
    const group = await screen.findByRole('radiogroup', { name: 'Ask for the robot check' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /When an address is busy/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^Always/ }));
    await user.click(screen.getByRole('button', { name: 'Save robot check' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(puts).toEqual([{ mode: 'always' }]);
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Always/ })).toBeChecked());
  });
});

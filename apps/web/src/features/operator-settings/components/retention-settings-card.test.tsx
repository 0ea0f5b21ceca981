import type { RetentionSettings } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

const CLOSED = 'Closed accounts: personal data kept (days)';
const DOCUMENTS = 'Rejected identity documents kept (days)';

/** Serves the retention periods as the server keeps them and records each PUT body. */
function serveRetention(saved: RetentionSettings) {
  const puts: unknown[] = [];
  let current = saved;
  server.use(
    // The screen's other cards.
    http.get(apiUrl('operator/settings/security'), () => ok({ withdrawalHoldHours: 24 })),
    http.get(apiUrl('operator/settings/proof-of-work'), () => ok({ mode: 'adaptive' })),
    http.get(apiUrl('operator/settings/retention'), () => ok(current)),
    http.put(apiUrl('operator/settings/retention'), async ({ request }) => {
      current = (await request.json()) as RetentionSettings;
      puts.push(current);
      return ok(current, 'Settings saved');
    }),
  );
  return puts;
}

// Whole-app renders with forms take seconds on a busy two-core machine.
describe('the console retention settings (decision 0060)', { timeout: 30_000 }, () => {
  afterEach(resetScreen);

  it('shows an admin both periods in days and saves new ones, checked in the browser first', async () => {
    asDesktop();
    signInOperator('admin');
    const puts = serveRetention({ closedAccountDays: 30, rejectedDocumentDays: 90 });
    const { user } = renderApp('/operator/settings');
    const card = await screen.findByRole('region', { name: 'Data retention' });
    const closed = await within(card).findByLabelText(CLOSED);
    const documents = within(card).getByLabelText(DOCUMENTS);
    expect(closed).toHaveValue(30);
    expect(documents).toHaveValue(90);
    expect(closed).toHaveAccessibleDescription(/The ledger stays under the member’s id/);

    await user.clear(documents);
    await user.click(within(card).getByRole('button', { name: 'Save retention periods' }));
    await waitFor(() =>
      expect(documents).toHaveAccessibleDescription('Enter whole days from 1 to 3650.'),
    );
    expect(puts).toEqual([]);

    await user.clear(closed);
    await user.type(closed, '60');
    await user.type(documents, '180');
    await user.click(within(card).getByRole('button', { name: 'Save retention periods' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(puts).toEqual([{ closedAccountDays: 60, rejectedDocumentDays: 180 }]);
  });
});

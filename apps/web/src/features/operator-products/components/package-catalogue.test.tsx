import type { OperatorPackageView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

const starter: OperatorPackageView = {
  id: 'p-1',
  name: 'Starter',
  minAmount: 50,
  maxAmount: 499,
  dailyPercentage: 0.3,
  totalDays: 365,
  active: true,
  sortOrder: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  version: 2,
};

/** Serves the catalogue and records each PATCH body and retirement. */
function serveCatalogue() {
  const patched: unknown[] = [];
  const retired: string[] = [];
  server.use(
    http.get(apiUrl('operator/packages'), () => ok(pageOfItems([starter]))),
    http.patch(apiUrl('operator/packages/p-1'), async ({ request }): Promise<Response> => {
      const body = (await request.json()) as Record<string, unknown>;
      patched.push(body);
      return body.maxAmount === '40'
        ? validationFailure([
            { field: 'maxAmount', reason: 'Maximum amount must not be less than Minimum amount' },
          ])
        : ok(
            { ...starter, maxAmount: Number(body.maxAmount), version: 3 },
            'Package Starter updated',
          );
    }),
    http.post(apiUrl('operator/packages/p-1/retire'), () => {
      retired.push('p-1');
      return ok({ ...starter, active: false }, 'Package Starter retired');
    }),
  );
  return { patched, retired };
}

describe('the console catalogue', () => {
  afterEach(resetScreen);

  it(
    'edits only what changed, shows the server’s reason at its field, and retires after a confirmation',
    { timeout: 40_000 },
    async () => {
      asDesktop();
      signInOperator('admin');
      const { patched, retired } = serveCatalogue();
      const { user } = renderApp('/operator/packages');
      const row = await screen.findByRole('row', { name: /Starter/ });
      expect(row).toHaveTextContent('$50 – $499');
      expect(row).toHaveTextContent('0.3 %');

      await user.click(within(row).getByRole('button', { name: 'Edit Starter' }));
      const form = await screen.findByRole('form', { name: 'Edit Starter' });
      const max = within(form).getByLabelText('Maximum amount');
      await user.clear(max);
      await user.type(max, '40');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(max).toHaveAccessibleDescription(/must not be less than Minimum/));
      await user.clear(max);
      await user.type(max, '600.00');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(patched).toEqual([{ maxAmount: '40' }, { maxAmount: '600.00' }]));

      // The dialog has closed and the catalogue was read again.
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(await screen.findByRole('button', { name: 'Retire Starter' }));
      const confirm = await screen.findByRole('dialog', { name: 'Retire Starter?' });
      await user.click(within(confirm).getByRole('button', { name: 'Retire package' }));
      await waitFor(() => expect(retired).toEqual(['p-1']));
    },
  );

  it('shows finance the catalogue without a button', async () => {
    asDesktop();
    signInOperator('finance');
    serveCatalogue();
    renderApp('/operator/packages');
    expect(await screen.findByRole('row', { name: /Starter/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Retire/ })).not.toBeInTheDocument();
  });
});

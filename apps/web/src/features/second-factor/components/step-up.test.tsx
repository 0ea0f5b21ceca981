import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '@app/contracts';
import { buildMember } from '../../../testing/factories.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

// A change that answers STEP_UP_REQUIRED opens the step-up dialog; once its code is accepted the
// same request goes again (decision 0047).

const stepUpRequired = () =>
  HttpResponse.json(
    {
      status: 'error',
      message: STEP_UP_REQUIRED,
      error: 'STEP_UP_REQUIRED',
      data: { methods: ['totp', 'recovery-code'] },
    },
    { status: 403 },
  );

async function changePassword() {
  signInAs(buildMember());
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  const form = screen.getByRole('form', { name: 'Change password' });
  await view.user.type(within(form).getByLabelText('Current password'), 'old-password-1');
  await view.user.type(within(form).getByLabelText('New password'), 'new-password-22');
  await view.user.type(within(form).getByLabelText('Confirm password'), 'new-password-22');
  await view.user.click(within(form).getByRole('button', { name: 'Change password' }));
  return view;
}

describe('step-up', () => {
  it('asks for a code, then sends the same change again', async () => {
    const changes: unknown[] = [];
    const verified = vi.fn();
    server.use(
      http.post(apiUrl('auth/change-password'), async ({ request }) => {
        changes.push(await request.json());
        return changes.length === 1
          ? stepUpRequired()
          : ok(null, 'Password changed. Other devices were signed out.');
      }),
      http.post(apiUrl('auth/second-factor/verify'), async ({ request }) => {
        verified(await request.json());
        return ok({ freshUntil: '2026-11-20T10:05:00.000Z' }, 'Confirmed');
      }),
    );
    const { user } = await changePassword();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // Asked, not failed: no error toast for the refusal.
    expect(screen.queryByText(STEP_UP_REQUIRED)).toBeNull();
    await user.type(within(dialog).getByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Password changed. Other devices were signed out.'),
    ).toBeInTheDocument();
    expect(verified).toHaveBeenCalledWith({ code: '123456' });
    expect(changes).toHaveLength(2);
    expect(changes[1]).toEqual(changes[0]);
  });

  it('leaves the change undone when the member cancels, and says why', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('auth/change-password'), () => {
        calls += 1;
        return stepUpRequired();
      }),
    );
    const { user } = await changePassword();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(STEP_UP_REQUIRED)).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});

import type { EmailChangeBody, EmailChangeConfirmBody, OwnDetailsBody } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../testing/factories.ts';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

async function openProfile() {
  signInAs(buildMember());
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return view;
}

describe("the member's own details", () => {
  it("sends only what changed, and shows the server's reason on its field", async () => {
    const sent: OwnDetailsBody[] = [];
    server.use(
      http.patch<never, OwnDetailsBody>(apiUrl('auth/profile'), async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (body.mobile_number)
          return validationFailure([
            { field: 'mobile_number', reason: 'Enter a valid mobile number for Germany' },
          ]);
        return ok({ changed: ['name'] }, 'Your details were saved');
      }),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your details' });
    const mobile = within(dialog).getByLabelText('Mobile number');
    await user.clear(mobile);
    await user.type(mobile, '+49 151');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a valid mobile number for Germany'),
    ).toBeVisible();

    await user.clear(mobile);
    await user.type(mobile, '+919876543210');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Asha V. Rao');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details were saved')).toBeInTheDocument();
    expect(sent).toEqual([{ mobile_number: '+49151' }, { name: 'Asha V. Rao' }]);
  });

  it('changes the email in two steps: the address and password, then the code sent there', async () => {
    const started: EmailChangeBody[] = [];
    const confirmed: EmailChangeConfirmBody[] = [];
    server.use(
      http.post<never, EmailChangeBody>(apiUrl('auth/email-change'), async ({ request }) => {
        started.push(await request.json());
        return ok(null, 'A code was sent to n*****w@example.com');
      }),
      http.post<never, EmailChangeConfirmBody>(
        apiUrl('auth/email-change/confirm'),
        async ({ request }) => {
          confirmed.push(await request.json());
          return ok(null, 'Your email is now new@example.com');
        },
      ),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your email' });
    await user.type(within(dialog).getByLabelText('New email'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    await user.type(await within(dialog).findByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Your email is now new@example.com')).toBeInTheDocument();
    expect(started).toEqual([{ email: 'new@example.com', password: 'correct horse' }]);
    expect(confirmed).toEqual([{ email: 'new@example.com', otp: '123456' }]);
  });
});

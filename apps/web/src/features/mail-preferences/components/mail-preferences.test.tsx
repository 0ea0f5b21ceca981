import {
  MEMBER_MAIL_KINDS,
  type MailPreferencesBody,
  type MailPreferencesData,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const slow = { timeout: 30_000 };

/** GET answers what is saved; PUT saves what it is sent, as the server would. */
function serveMails(off: string[] = []) {
  const saved = new Map(MEMBER_MAIL_KINDS.map((kind) => [kind, !off.includes(kind)]));
  const sent: MailPreferencesBody[] = [];
  const data = (): MailPreferencesData => ({
    preferences: MEMBER_MAIL_KINDS.map((kind) => ({ kind, enabled: saved.get(kind)! })),
  });
  server.use(
    http.get(apiUrl('auth/mail-preferences'), () => ok(data())),
    http.put(apiUrl('auth/mail-preferences'), async ({ request }) => {
      const body = (await request.json()) as MailPreferencesBody;
      sent.push(body);
      for (const { kind, enabled } of body.preferences) saved.set(kind, enabled);
      return ok(data());
    }),
  );
  return sent;
}

async function openCard() {
  signInAs();
  const { user } = renderApp('/profile');
  return { user, card: await screen.findByRole('region', { name: 'Mails' }) };
}

describe('the Mails card on the profile', () => {
  it(
    'shows a switch per kind with what it sends, and says security mails always go',
    slow,
    async () => {
      serveMails(['income-digest']);
      const { card } = await openCard();
      expect(within(card).getByText(/Security mails .* always go/)).toBeInTheDocument();
      const deposit = await within(card).findByRole('switch', { name: /Deposit credited/ });
      expect(deposit).toBeChecked();
      expect(deposit).toHaveAccessibleDescription(
        'When a deposit reaches your fund wallet, with its amount.',
      );
      expect(within(card).getByRole('switch', { name: /Daily income digest/ })).not.toBeChecked();
      expect(within(card).getAllByRole('switch')).toHaveLength(MEMBER_MAIL_KINDS.length);
    },
  );

  it('saves a switch, keeps it in its new position and confirms with a toast', slow, async () => {
    const sent = serveMails();
    const { user, card } = await openCard();
    const digest = await within(card).findByRole('switch', { name: /Daily income digest/ });
    await user.click(digest);
    expect(await screen.findByText('Daily income digest mails off')).toBeInTheDocument();
    expect(sent).toEqual([{ preferences: [{ kind: 'income-digest', enabled: false }] }]);
    await waitFor(() => expect(digest).not.toBeChecked());
    expect(digest).toBeEnabled();
  });

  it('says when the preferences cannot be loaded, and retries', slow, async () => {
    server.use(
      http.get(apiUrl('auth/mail-preferences'), () => failure(500, 'Something went wrong')),
    );
    const { user, card } = await openCard();
    expect(
      await within(card).findByText('Your mail preferences could not be loaded.'),
    ).toBeInTheDocument();
    serveMails();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findAllByRole('switch')).toHaveLength(MEMBER_MAIL_KINDS.length);
  });
});

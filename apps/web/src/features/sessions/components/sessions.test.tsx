import type { MemberSessions, MemberSessionView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { buildSession } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const slow = { timeout: 30_000 };

const here = buildSession();
const phone = buildSession({
  id: 'session-2',
  browser: 'Mobile Safari 18',
  os: 'iOS 18.1',
  device: 'Apple iPhone',
  deviceKind: 'phone',
  ip: '203.0.113.7',
  createdAt: '2025-02-28T18:00:00.000Z',
  lastActiveAt: '2025-03-01T07:45:00.000Z',
  current: false,
});
const script = buildSession({
  id: 'session-3',
  browser: null,
  os: null,
  device: 'Unknown device',
  deviceKind: 'other',
  ip: null,
  createdAt: '2025-02-28T10:00:00.000Z',
  lastActiveAt: '2025-02-28T10:05:00.000Z',
  current: false,
});

/** GET auth/sessions answers what is live now; the ending handlers change it as the server would. */
function serveSessions(sessions: MemberSessionView[]) {
  const live = { sessions };
  server.use(http.get(apiUrl('auth/sessions'), () => ok<MemberSessions>({ ...live })));
  return live;
}

/** A promise the test opens when it has seen what comes before the answer. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function openCard() {
  signInAs();
  const view = renderApp('/profile');
  const card = await screen.findByRole('region', { name: 'Sessions and devices' });
  return { ...view, card };
}

describe('sessions and devices on the profile', () => {
  it(
    'lists every session with browser, system, device, address and times; this device marked',
    slow,
    async () => {
      serveSessions([here, phone, script]);
      const { card } = await openCard();
      const list = await within(card).findByRole('list', { name: 'Signed-in sessions' });
      const rows = within(list).getAllByRole('listitem', { name: /./ });
      expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
        'Chrome 131 on Windows 10, 198.51.100.20',
        'Mobile Safari 18 on iOS 18.1, 203.0.113.7',
        'Unknown device',
      ]);
      const [mine, other, unknown] = rows as [HTMLElement, HTMLElement, HTMLElement];
      expect(within(mine).getByText('This device')).toBeVisible();
      expect(mine).toHaveTextContent(`Active now · Signed in ${formatDateTime(here.createdAt)}`);
      expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
      expect(within(other).queryByText('This device')).not.toBeInTheDocument();
      expect(within(other).getByText('Apple iPhone · 203.0.113.7')).toBeVisible();
      expect(other).toHaveTextContent(
        `Last active ${formatDateTime(phone.lastActiveAt)} · Signed in ${formatDateTime(phone.createdAt)}`,
      );
      expect(
        within(other).getByRole('button', {
          name: 'End session: Mobile Safari 18 on iOS 18.1, 203.0.113.7',
        }),
      ).toBeVisible();
      expect(within(unknown).getByText('Unknown address')).toBeVisible();
      expect(
        within(unknown).getByRole('button', { name: 'End session: Unknown device' }),
      ).toBeVisible();
      expect(within(card).getByRole('button', { name: 'End all other sessions' })).toBeVisible();
    },
  );

  it('ends one session after a second look, says so and reads the list again', slow, async () => {
    const live = serveSessions([here, phone]);
    const ended = vi.fn();
    server.use(
      http.delete(apiUrl('auth/sessions/:id'), ({ params, request }) => {
        ended(params.id, request.headers.get('authorization'));
        live.sessions = live.sessions.filter((session) => session.id !== params.id);
        return ok(null, 'Session ended');
      }),
    );
    const { user, card } = await openCard();
    await user.click(
      await within(card).findByRole('button', { name: /^End session: Mobile Safari/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent(
      'Mobile Safari 18 on iOS 18.1, 203.0.113.7 will be signed out at once.',
    );
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(ended).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: /^End session: Mobile Safari/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'End this session?' })).getByRole('button', {
        name: 'End session',
      }),
    );
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(ended).toHaveBeenCalledWith('session-2', 'Bearer test-token');
    expect(await within(card).findByText(/^Only this device is signed in/)).toBeVisible();
    expect(
      within(card).queryByRole('button', { name: 'End all other sessions' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ends all other sessions, keeping this one', slow, async () => {
    const live = serveSessions([here, phone, script]);
    const sent = vi.fn();
    server.use(
      http.post(apiUrl('auth/sessions/end-others'), () => {
        sent();
        live.sessions = [here];
        return ok({ ended: 2 }, '2 other sessions ended');
      }),
    );
    const { user, card } = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    expect(dialog).toHaveTextContent(
      'All 2 other sessions will be signed out at once. This device stays signed in.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'End other sessions' }));
    expect(await screen.findByText('2 other sessions ended')).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
    expect(await within(card).findByText(/^Only this device is signed in/)).toBeVisible();
  });

  it('toasts a session that had already ended and shows the list as it is now', slow, async () => {
    const live = serveSessions([here, phone]);
    server.use(
      http.delete(apiUrl('auth/sessions/:id'), () => {
        // It ended elsewhere before this request arrived.
        live.sessions = [here];
        return failure(404, 'This session has already ended', 'NOT_FOUND');
      }),
    );
    const { user, card } = await openCard();
    await user.click(
      await within(card).findByRole('button', { name: /^End session: Mobile Safari/ }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'End this session?' })).getByRole('button', {
        name: 'End session',
      }),
    );
    expect(await screen.findByText('This session has already ended')).toBeInTheDocument();
    expect(await within(card).findByText(/^Only this device is signed in/)).toBeVisible();
  });

  it('says when only this device is signed in', slow, async () => {
    const { card } = await openCard();
    expect(await within(card).findByText(/^Only this device is signed in/)).toBeVisible();
    expect(within(card).getByText('This device')).toBeVisible();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, and a retry when the list fails', slow, async () => {
    let answer = gate();
    let fail = true;
    server.use(
      http.get(apiUrl('auth/sessions'), async (): Promise<Response> => {
        // Held until the test has seen the skeleton.
        await answer.opened;
        return fail ? failure(500, 'Something went wrong') : ok({ sessions: [here] });
      }),
    );
    const { user, card } = await openCard();
    expect(within(card).getByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
    answer.open();
    expect(await within(card).findByText('Your sessions could not be loaded.')).toBeVisible();
    fail = false;
    answer = gate();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByRole('status', { name: 'Loading sessions' })).toBeVisible();
    answer.open();
    expect(await within(card).findByText('This device')).toBeVisible();
  });
});

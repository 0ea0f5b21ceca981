import type { TicketThread, TicketView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTicket, buildTicketMessage, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, failure, ok, validationFailure } from '../../../testing/handlers.ts';
import { asDesktop, asPhone, resetScreen } from '../../../testing/media.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const slow = { timeout: 30_000 };

const waiting = buildTicket({
  id: 't-2',
  number: 1043,
  subject: 'Withdrawal still pending',
  category: 'withdrawal',
  updatedAt: '2025-03-03T10:15:00.000Z',
});
const answered = buildTicket({
  id: 't-1',
  status: 'answered',
  lastAuthor: 'operator',
  messageCount: 2,
  updatedAt: '2025-03-02T11:00:00.000Z',
});
const closed = buildTicket({
  id: 't-3',
  number: 1001,
  subject: 'Old question',
  status: 'closed',
  closedAt: '2025-03-01T10:00:00.000Z',
});

const serveTickets = (items: TicketView[], total = items.length) =>
  serveList('ticket/tickets', () => ok({ ...pageOfItems(items), total }));

/** Serves ticket-msg for the given threads (by ticket id) and records the ids asked for. */
function serveThreads(...threads: TicketThread[]) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('ticket/ticket-msg'), ({ request }): Response => {
      const id = new URL(request.url).searchParams.get('ticketId') ?? '';
      asked.push(id);
      const thread = threads.find((candidate) => candidate.ticket.id === id);
      return thread ? ok(thread) : failure(404, 'No such ticket', 'NOT_FOUND');
    }),
  );
  return asked;
}

const answeredThread: TicketThread = {
  ticket: answered,
  messages: [
    buildTicketMessage({
      id: 'm-1',
      message: '<b>Bold?</b> <script>alert(1)</script>\nSecond line',
    }),
    buildTicketMessage({
      id: 'm-2',
      from: 'operator',
      message: 'It is credited now.',
      createdAt: '2025-03-02T11:00:00.000Z',
    }),
  ],
  attachments: [],
};

/** Records each POST to `path`: its body and Idempotency-Key. */
function recordPosts(path: string, answer: () => Response) {
  const sent: Array<{ body: unknown; key: string | null }> = [];
  server.use(
    http.post(apiUrl(path), async ({ request }) => {
      sent.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return answer();
    }),
  );
  return sent;
}

afterEach(resetScreen);

describe('support tickets list', slow, () => {
  it('lists the tickets with status, whose turn it is and the last activity, paged', async () => {
    const asked = serveTickets([waiting, answered, closed], 45);
    signInAs();
    const { user } = renderApp('/query');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    const list = await screen.findByRole('list', { name: 'Tickets' });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Withdrawal still pending#1043 · Withdrawal · Waiting for supportLast activity .*Open$/,
      ),
      expect.stringMatching(
        /^Deposit not credited#1042 · Deposit · Support repliedLast activity .*Answered$/,
      ),
      expect.stringMatching(/^Old question#1001 · DepositLast activity .*Closed$/),
    ]);
    expect(items[0]).toHaveAttribute('href', '/query?ticket=t-2');
    expect(asked).toEqual(['page=1&pageSize=20']);

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(asked.at(-1)).toBe('page=2&pageSize=20'));
    // Opening a ticket keeps the list's page in the address.
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/query?page=2&ticket=t-2',
    );
  });

  it('invites the first ticket when there is none', async () => {
    serveTickets([]);
    signInAs();
    renderApp('/query');
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'New ticket' });
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/query\?new=1$/);
  });

  it('filters by status from the address', async () => {
    const asked = serveTickets([]);
    signInAs();
    renderApp('/query?status=closed');
    expect(await screen.findByText('No tickets with this status')).toBeInTheDocument();
    expect(asked).toEqual(['page=1&pageSize=20&status=closed']);
  });

  it('shows skeleton rows while loading and an error with Retry when the list fails', async () => {
    server.use(
      http.get(apiUrl('ticket/tickets'), async () => {
        await delay(150);
        return failure(500, 'Something went wrong');
      }),
    );
    signInAs();
    renderApp('/query');
    expect(await screen.findByRole('status', { name: 'Loading tickets' })).toBeInTheDocument();
    expect(await screen.findByText('Your tickets could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('a ticket thread', slow, () => {
  it('shows the messages oldest first as plain text with line breaks, and sends a reply once', async () => {
    serveTickets([answered]);
    serveThreads(answeredThread);
    const sent = recordPosts('ticket/reply-user', () =>
      ok({ ...answered, status: 'open', lastAuthor: 'member', messageCount: 3 }, 'Reply sent'),
    );
    signInAs();
    const { user, container } = renderApp('/query?ticket=t-1');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Deposit not credited' }),
    ).toBeInTheDocument();
    const messages = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    expect(messages.map((message) => message.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^You, /),
      expect.stringMatching(/^Support, /),
    ]);
    // What was typed is shown as typed: no element made of it, the line break kept.
    expect(
      within(messages[0]!).getByText(/<b>Bold\?<\/b> <script>alert\(1\)<\/script>/),
    ).toBeInTheDocument();
    expect(container.querySelector('b, script:not([src])')).toBeNull();
    const text = within(messages[0]!).getByText(/Second line/);
    expect(text.textContent).toContain('\nSecond line');
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
    // On a screen narrower than 1200 px the thread has the screen, with a way back.
    expect(screen.queryByRole('list', { name: 'Tickets' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/query');

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Thanks!{Enter}It works.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
    expect(sent).toEqual([
      { body: { ticketId: 't-1', message: 'Thanks!\nIt works.' }, key: expect.any(String) },
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue(''));
  });

  it('shows a server refusal of the reply on the field', async () => {
    serveTickets([answered]);
    serveThreads(answeredThread);
    recordPosts('ticket/reply-user', () =>
      validationFailure([{ field: 'message', reason: 'Message must be at most 5000 characters' }]),
    );
    signInAs();
    const { user } = renderApp('/query?ticket=t-1');
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), 'Long words');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findAllByText('Message must be at most 5000 characters')).not.toHaveLength(
      0,
    );
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables the reply box of a closed ticket and says why', async () => {
    serveTickets([closed]);
    serveThreads({ ticket: closed, messages: [buildTicketMessage()], attachments: [] });
    signInAs();
    renderApp('/query?ticket=t-3');
    expect(
      await screen.findByText(/This ticket is closed, so it takes no more replies/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Send reply' })).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('link', { name: 'New ticket' }).map((link) => link.getAttribute('href')),
    ).toContain('/query?new=1');
  });

  it(
    'shows an image from support in the thread and sends one the member chooses',
    slow,
    async () => {
      const created = vi.fn(() => 'blob:ticket-image');
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
      );
      serveTickets([answered]);
      serveThreads({
        ...answeredThread,
        attachments: [
          {
            id: 'img-1',
            from: 'operator',
            mediaType: 'image/png',
            byteSize: 120,
            createdAt: '2025-03-02T11:30:00.000Z',
          },
        ],
      });
      const sent: Array<{ type: string | null; ticketId: string | null; size: number }> = [];
      server.use(
        http.get(apiUrl('ticket/attachment'), ({ request }) =>
          new URL(request.url).searchParams.get('attachmentId') === 'img-1'
            ? new Response(new Blob([new Uint8Array([137, 80, 78, 71])]), {
                headers: { 'content-type': 'image/png' },
              })
            : failure(404, 'No such image', 'NOT_FOUND'),
        ),
        http.post(apiUrl('ticket/attachment'), async ({ request }) => {
          sent.push({
            type: request.headers.get('content-type'),
            ticketId: new URL(request.url).searchParams.get('ticketId'),
            size: (await request.arrayBuffer()).byteLength,
          });
          return ok(
            {
              id: 'img-2',
              from: 'member',
              mediaType: 'image/jpeg',
              byteSize: 3,
              createdAt: '2025-03-02T12:00:00.000Z',
            },
            'Image attached',
          );
        }),
      );
      signInAs();
      const { user } = renderApp('/query?ticket=t-1');
      const messages = await screen.findByRole('list', { name: 'Messages' });
      expect(
        await within(messages).findByRole('img', { name: 'Image from support' }),
      ).toHaveAttribute('src', 'blob:ticket-image');
      expect(within(messages).getAllByRole('listitem')).toHaveLength(3);

      await user.upload(
        screen.getByLabelText('Image to attach'),
        new File([new Uint8Array([1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' }),
      );
      await waitFor(() =>
        expect(sent).toEqual([{ type: 'application/octet-stream', ticketId: 't-1', size: 3 }]),
      );
      expect(await screen.findByText('Image attached')).toBeInTheDocument();
      vi.unstubAllGlobals();
    },
  );

  it('says when a ticket cannot be loaded, with the way back', async () => {
    serveTickets([]);
    serveThreads();
    signInAs();
    renderApp('/query?ticket=someone-elses');
    expect(await screen.findByText('This ticket could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('No such ticket')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/query');
  });
});

describe('a new ticket', slow, () => {
  it('checks the fields as the API will, shows its refusals on them, then opens the new thread', async () => {
    serveTickets([]);
    const created = buildTicket({
      id: 't-9',
      number: 1050,
      subject: 'Bonus missing',
      category: 'income',
    });
    serveThreads({
      ticket: created,
      messages: [buildTicketMessage({ message: 'Where is it?' })],
      attachments: [],
    });
    let refuse = true;
    const sent = recordPosts('ticket/create', () => {
      if (!refuse) return ok(created, 'Ticket #1050 created');
      refuse = false;
      return validationFailure([
        { field: 'subject', reason: 'Subject must be at most 120 characters' },
      ]);
    });
    signInAs();
    const { user, router } = renderApp('/query?new=1');
    const form = await screen.findByRole('form', { name: 'New ticket' });
    await user.type(within(form).getByLabelText('Subject'), 'Hi');
    await user.click(within(form).getByRole('button', { name: 'Send ticket' }));
    expect(
      await within(form).findByText('Subject must be at least 3 characters'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Message is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('Subject'), ' Bonus missing');
    await user.click(within(form).getByLabelText('Category'));
    await user.click(await screen.findByRole('option', { name: 'Income' }));
    await user.type(within(form).getByLabelText('Message'), 'Where is it?');
    await user.click(within(form).getByRole('button', { name: 'Send ticket' }));
    expect(
      await within(form).findByText('Subject must be at most 120 characters'),
    ).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('Ticket #1050 created')).toBeInTheDocument();
    expect(sent.map((request) => request.body)).toEqual([
      { subject: 'Hi Bonus missing', category: 'income', message: 'Where is it?' },
      { subject: 'Hi Bonus missing', category: 'income', message: 'Where is it?' },
    ]);
    // A refused attempt is final: the next one has its own key.
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Bonus missing' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?ticket=t-9');
  });
});

describe('support on wide and narrow screens', slow, () => {
  it('puts the list and the open thread side by side at 1280 px', async () => {
    asDesktop();
    serveTickets([waiting, answered]);
    serveThreads(answeredThread);
    signInAs();
    renderApp('/query?ticket=t-1');
    const list = await screen.findByRole('list', { name: 'Tickets' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Deposit not credited' }),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('link')[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('link', { name: 'All tickets' })).not.toBeInTheDocument();
  });

  it('asks to choose a ticket beside the list when none is open', async () => {
    asDesktop();
    serveTickets([waiting]);
    signInAs();
    renderApp('/query');
    expect(await screen.findByText('Choose a ticket')).toBeInTheDocument();
  });

  it('shows only the list on a phone until a ticket is opened', async () => {
    asPhone();
    serveTickets([waiting]);
    signInAs();
    renderApp('/query');
    await screen.findByRole('list', { name: 'Tickets' });
    expect(screen.queryByText('Choose a ticket')).not.toBeInTheDocument();
  });
});

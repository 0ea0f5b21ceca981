import type { CannedReplyView, OperatorTicketThread, OperatorTicketView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTicket, buildTicketMessage, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

// The support desk beside the answer (decision 0056): assignment, internal notes shown apart in
// the thread, and canned replies inserted into an answer and managed from the page.

const member = { id: 'm-1', name: 'Asha Verma', referralCode: 'ABCD2345' };
const ticket: OperatorTicketView = {
  ...buildTicket({ id: 't-1', number: 1043, subject: 'Withdrawal still pending' }),
  member,
  assignee: null,
};
const thread: OperatorTicketThread = {
  ticket,
  messages: [
    {
      ...buildTicketMessage({ id: 'msg-1', message: 'Where is it?' }),
      createdAt: '2026-11-20T10:00:00.000Z',
      operatorEmail: null,
    },
  ],
  attachments: [],
  notes: [
    {
      id: 'note-1',
      text: 'Checked the chain: not sent yet.',
      operatorEmail: 'admin@example.com',
      createdAt: '2026-11-20T10:05:00.000Z',
    },
  ],
};
const replies: CannedReplyView[] = [
  {
    id: 'r-1',
    title: 'Withdrawal times',
    text: 'Withdrawals are paid within one business day.',
    updatedAt: '2026-11-20T09:00:00.000Z',
    updatedByEmail: 'admin@example.com',
  },
];

type Posted = { url: string; body: unknown };

function serveDesk(view: OperatorTicketThread = thread) {
  const asked = serveList('operator/tickets', () => ok(pageOfItems([view.ticket])));
  const posted: Posted[] = [];
  const record = async (request: Request) => {
    posted.push({ url: new URL(request.url).pathname, body: await request.json() });
  };
  server.use(
    http.get(apiUrl('operator/tickets/t-1'), () => ok(view)),
    http.get(apiUrl('operator/tickets/canned-replies'), () => ok({ replies })),
    http.get(apiUrl('operator/tickets/assignees'), () =>
      ok({
        operators: [
          { id: 'operator-support', email: 'support@example.com' },
          { id: 'operator-2', email: 'second@example.com' },
        ],
      }),
    ),
    http.post(apiUrl('operator/tickets/t-1/assign'), async ({ request }) => {
      await record(request);
      return ok({ assignee: { id: 'operator-2', email: 'second@example.com' } }, 'Assigned');
    }),
    http.post(apiUrl('operator/tickets/t-1/answer'), async ({ request }) => {
      await record(request);
      return ok({ ...ticket, status: 'answered' }, 'Answer sent');
    }),
    http.post(apiUrl('operator/tickets/t-1/notes'), async ({ request }) => {
      await record(request);
      return ok({ ...thread.notes[0]!, id: 'note-2' }, 'Note added');
    }),
  );
  return { asked, posted };
}

// Typing into MUI fields in jsdom is slow on a shared machine.
const slow = { timeout: 40_000 };
/** The console's screens load on demand: on a busy machine the first one takes a while. */
const firstLoad = { timeout: 10_000 };

describe('the support desk in the console', () => {
  afterEach(resetScreen);

  it('shows an internal note apart from the messages and assigns the ticket', slow, async () => {
    asDesktop();
    signInOperator('support');
    const { asked, posted } = serveDesk();
    const { user } = renderApp('/operator/tickets?ticket=t-1');
    const messages = await screen.findByRole('list', { name: 'Messages' }, firstLoad);
    const items = within(messages).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveAccessibleName(/^Internal note by admin@example\.com/);
    expect(items[1]).toHaveTextContent('not shown to the member');
    expect(items[1]).toHaveTextContent('Checked the chain: not sent yet.');

    const assignment = screen.getByRole('group', { name: 'Assignment' });
    expect(assignment).toHaveTextContent('Unassigned');
    expect(screen.getByRole('link', { name: /Withdrawal still pending/ })).toHaveTextContent(
      'Unassigned',
    );
    await user.click(within(assignment).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { url: '/api/v1/operator/tickets/t-1/assign', body: { operatorId: 'operator-support' } },
      ]),
    );
    await user.click(within(assignment).getByRole('button', { name: 'Assign to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'second@example.com' }));
    await waitFor(() => expect(posted.at(-1)?.body).toEqual({ operatorId: 'operator-2' }));
    // Support itself is in the list of assignees, and assigning to oneself has its own button.
    expect(screen.queryByRole('menuitem', { name: 'support@example.com' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Assigned' }));
    await user.click(await screen.findByRole('option', { name: 'Assigned to me' }));
    await waitFor(() => expect(asked.at(-1)).toContain('assigned=me'));
  });

  it(
    'inserts a canned reply into the answer to edit before sending, and adds a note',
    slow,
    async () => {
      asDesktop();
      signInOperator('support');
      const { posted } = serveDesk();
      const { user } = renderApp('/operator/tickets?ticket=t-1');
      const answer = await screen.findByRole('textbox', { name: 'Answer' }, firstLoad);
      await user.type(answer, 'Hello Asha,');
      await user.click(screen.getByRole('button', { name: 'Insert canned reply' }));
      await user.click(await screen.findByRole('menuitem', { name: /Withdrawal times/ }));
      expect(answer).toHaveValue('Hello Asha,\n\nWithdrawals are paid within one business day.');
      expect(answer).toHaveFocus();
      await user.type(answer, ' Yours is on its way.');
      await user.click(screen.getByRole('button', { name: 'Send answer' }));
      await waitFor(() =>
        expect(posted).toEqual([
          {
            url: '/api/v1/operator/tickets/t-1/answer',
            body: {
              message:
                'Hello Asha,\n\nWithdrawals are paid within one business day. Yours is on its way.',
            },
          },
        ]),
      );

      await user.click(screen.getByRole('tab', { name: 'Internal note' }));
      await user.click(screen.getByRole('button', { name: 'Add note' }));
      expect(await screen.findByText('Note is required')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Called them.');
      await user.click(screen.getByRole('button', { name: 'Add note' }));
      await waitFor(() =>
        expect(posted.at(-1)).toEqual({
          url: '/api/v1/operator/tickets/t-1/notes',
          body: { text: 'Called them.' },
        }),
      );
    },
  );

  it('lets finance read notes without assigning, answering or writing', async () => {
    asDesktop();
    signInOperator('finance');
    serveDesk({ ...thread, ticket: { ...ticket, assignee: { id: 'x', email: 'x@example.com' } } });
    renderApp('/operator/tickets?ticket=t-1');
    const assignment = await screen.findByRole('group', { name: 'Assignment' }, firstLoad);
    expect(assignment).toHaveTextContent('Assigned to x@example.com');
    expect(within(assignment).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Your role reads tickets/)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Canned replies' })).toBeNull();
  });

  it('adds a canned reply from the page, with the server refusal on its field', slow, async () => {
    asDesktop();
    signInOperator('admin');
    serveDesk();
    const sent: unknown[] = [];
    server.use(
      http.post(
        apiUrl('operator/tickets/canned-replies'),
        async ({ request }): Promise<Response> => {
          sent.push(await request.json());
          return sent.length === 1
            ? validationFailure([
                { field: 'title', reason: 'Another canned reply already has this title' },
              ])
            : ok({ ...replies[0]!, id: 'r-2', title: 'Deposits' }, 'Canned reply added');
        },
      ),
    );
    const { user } = renderApp('/operator/tickets');
    await user.click(await screen.findByRole('button', { name: 'Canned replies' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Canned replies' });
    expect(await within(dialog).findByText('Withdrawal times')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add canned reply' }));
    const form = within(dialog).getByRole('form', { name: 'New canned reply' });
    await user.click(within(form).getByRole('button', { name: 'Add reply' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Title/ }), 'Withdrawal times');
    await user.type(within(form).getByRole('textbox', { name: /Text/ }), 'Paid daily.');
    await user.click(within(form).getByRole('button', { name: 'Add reply' }));
    expect(
      await within(form).findByText('Another canned reply already has this title'),
    ).toBeInTheDocument();
    const title = within(form).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Deposits');
    await user.click(within(form).getByRole('button', { name: 'Add reply' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ title: 'Deposits', text: 'Paid daily.' }));
    expect(await within(dialog).findByRole('list', { name: 'Canned replies' })).toBeInTheDocument();
  });
});

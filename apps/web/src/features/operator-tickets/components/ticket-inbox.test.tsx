import type { OperatorTicketThread, OperatorTicketView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTicket, buildTicketMessage, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

const member = { id: 'm-1', name: 'Asha Verma', referralCode: 'ABCD2345' };
const waiting: OperatorTicketView = {
  ...buildTicket({ id: 't-1', number: 1043, subject: 'Withdrawal still pending' }),
  member,
  assignee: null,
};
const thread: OperatorTicketThread = {
  ticket: waiting,
  messages: [
    {
      ...buildTicketMessage({ id: 'msg-1', message: '<b>Where</b> is it?' }),
      operatorEmail: null,
    },
  ],
  attachments: [],
  notes: [],
};

function serveInbox() {
  const asked = serveList('operator/tickets', () => ok(pageOfItems([waiting])));
  const posted: string[] = [];
  server.use(
    http.get(apiUrl('operator/tickets/t-1'), () => ok(thread)),
    http.post(apiUrl('operator/tickets/t-1/answer'), async ({ request }) => {
      posted.push(((await request.json()) as { message: string }).message);
      return ok({ ...waiting, status: 'answered' }, 'Answer sent');
    }),
  );
  return { asked, posted };
}

// Typing into MUI fields in jsdom is slow on a shared machine.
const slow = { timeout: 40_000 };
/** The console's screens load on demand: on a busy machine the first one takes a while. */
const firstLoad = { timeout: 10_000 };

describe('the console ticket inbox', () => {
  afterEach(resetScreen);

  it(
    'lists open tickets longest waiting first with the member, and answers beside the list',
    slow,
    async () => {
      asDesktop();
      signInOperator('support');
      const { asked, posted } = serveInbox();
      const { user } = renderApp('/operator/tickets');
      const row = await screen.findByRole('link', { name: /Withdrawal still pending/ }, firstLoad);
      expect(row).toHaveTextContent('Asha Verma · ABCD2345');
      expect(asked[0]).toBe('page=1&pageSize=20&sort=oldest&status=open');

      await user.click(row);
      const messages = await screen.findByRole('list', { name: 'Messages' });
      expect(within(messages).getByText('<b>Where</b> is it?')).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Tickets' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send answer' }));
      expect(await screen.findByText('Message is required')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'Answer' }), 'Paid today.');
      await user.click(screen.getByRole('button', { name: 'Send answer' }));
      await waitFor(() => expect(posted).toEqual(['Paid today.']));
    },
  );

  it('lets finance read a thread without answering or closing it', async () => {
    asDesktop();
    signInOperator('finance');
    serveInbox();
    renderApp('/operator/tickets?ticket=t-1');
    expect(await screen.findByRole('list', { name: 'Messages' }, firstLoad)).toBeInTheDocument();
    expect(screen.getByText(/Your role reads tickets/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
  });
});

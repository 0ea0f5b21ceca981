import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiClient } from '../lib/api-client.ts';
import { apiUrl, failure, ok } from '../testing/handlers.ts';
import { asPhone, resetScreen } from '../testing/media.ts';
import { tableCells } from '../testing/queries.ts';
import { renderInApp } from '../testing/render.tsx';
import { server } from '../testing/server.ts';
import { Money } from './money.tsx';
import { RecordList, type RecordColumn } from './record-list.tsx';

type Gift = { id: string; to: string; amount: number; note: string; sentOn: string };

const gifts: Gift[] = [
  { id: 'g1', to: 'Asha', amount: 12.5, note: 'Birthday', sentOn: 'Mar 1' },
  { id: 'g2', to: 'Ravi', amount: 1000, note: 'Wedding', sentOn: 'Mar 2' },
];

const columns: RecordColumn<Gift>[] = [
  { header: 'Sent on', cell: (gift) => gift.sentOn, card: 'detail', isMuted: true },
  { header: 'To', cell: (gift) => gift.to, card: 'title' },
  { header: 'Note', cell: (gift) => gift.note },
  {
    header: 'Amount',
    cell: (gift) => <Money value={gift.amount} decimals="amount" />,
    align: 'right',
    card: 'amount',
  },
];

const pageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      amount: z.number(),
      note: z.string(),
      sentOn: z.string(),
    }),
  ),
  total: z.number(),
  pageSize: z.number(),
});

/** A list screen as the features build one: a real query through the API client. */
function GiftList({ isFiltered = false, hasPaging = true }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['gifts', page],
    queryFn: () =>
      apiClient.get('gifts', { schema: pageSchema, query: { page } }).then(({ data }) => data),
  });
  return (
    <RecordList
      query={query}
      label="Gifts"
      errorMessage="Your gifts could not be loaded."
      empty={{
        icon: <span />,
        title: 'No gifts yet',
        description: 'Gifts you send are listed here.',
        action: <button type="button">Send a gift</button>,
      }}
      isFiltered={isFiltered}
      emptyFiltered={{ title: 'No gifts match', description: 'Clear the filter.' }}
      paging={hasPaging ? { page, onChange: setPage } : undefined}
      columns={columns}
    />
  );
}

function renderList(props: Parameters<typeof GiftList>[0] = {}) {
  return renderInApp(<GiftList {...props} />);
}

/** Serves pages of gifts; records the page asked for each time. */
function serveGifts(items: Gift[], total = items.length) {
  const pages: (string | null)[] = [];
  server.use(
    http.get(apiUrl('gifts'), ({ request }) => {
      pages.push(new URL(request.url).searchParams.get('page'));
      return ok({ data: items, total, pageSize: 20 });
    }),
  );
  return pages;
}

describe('RecordList', () => {
  afterEach(resetScreen);

  it('shows 6 skeleton rows while the first page loads', async () => {
    server.use(http.get(apiUrl('gifts'), () => delay('infinite')));
    renderList();
    const loading = await screen.findByRole('status', { name: 'Loading gifts' });
    expect(within(loading).getAllByTestId('skeleton-row')).toHaveLength(6);
  });

  it('says the list failed with a Retry that loads it again', async () => {
    server.use(http.get(apiUrl('gifts'), () => failure(500, 'Something went wrong')));
    const user = renderList();
    expect(await screen.findByText('Your gifts could not be loaded.')).toBeInTheDocument();
    serveGifts(gifts);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Gifts' })).toBeInTheDocument();
  });

  it('says in words what fills an empty list and how to start it', async () => {
    serveGifts([]);
    renderList();
    expect(await screen.findByText('No gifts yet')).toBeInTheDocument();
    expect(screen.queryByText('No gifts match')).not.toBeInTheDocument();
    expect(screen.getByText('Gifts you send are listed here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a gift' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the filters match nothing, without the way to start, while they are on', async () => {
    serveGifts([]);
    renderList({ isFiltered: true });
    expect(await screen.findByText('No gifts match')).toBeInTheDocument();
    expect(screen.getByText('Clear the filter.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a gift' })).not.toBeInTheDocument();
  });

  it('lays the records out as a table of the columns on wider screens', async () => {
    serveGifts(gifts);
    renderList();
    const table = await screen.findByRole('table', { name: 'Gifts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Sent on', 'To', 'Note', 'Amount']);
    expect(tableCells(table)).toEqual([
      ['Mar 1', 'Asha', 'Birthday', '$12.50'],
      ['Mar 2', 'Ravi', 'Wedding', '$1,000.00'],
    ]);
    expect(within(table).getByRole('cell', { name: '$12.50' })).toHaveClass(
      'MuiTableCell-alignRight',
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lays them out as cards below 600 px: title, labelled amount and details', async () => {
    asPhone();
    serveGifts(gifts);
    renderList();
    const list = await screen.findByRole('list', { name: 'Gifts' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^AshaAmount \$12\.50Sent onMar 1$/);
    // The detail is a labelled term; the column left off the card is not there at all.
    expect(within(first!).getByText('Sent on', { selector: 'dt' })).toBeInTheDocument();
    expect(within(first!).queryByText('Birthday')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through the records with the pager under them', async () => {
    const pages = serveGifts(gifts, 45);
    const user = renderList();
    const pager = await screen.findByRole('navigation', { name: 'Gifts pages' });
    await user.click(within(pager).getByRole('button', { name: 'Go to page 3' }));
    expect(await screen.findByRole('button', { name: 'page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(pages).toEqual(['1', '3']);
  });

  it('leaves the pager out when the list has no paging (the last five)', async () => {
    serveGifts(gifts, 45);
    renderList({ hasPaging: false });
    await screen.findByRole('table', { name: 'Gifts' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

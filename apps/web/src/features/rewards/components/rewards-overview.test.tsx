import type { RewardsData } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIncome, buildRewards } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { asPhone, resetScreen } from '../../../testing/media.ts';
import { detailValue, tableCells } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const serveRewards = (data: RewardsData = buildRewards()) =>
  server.use(http.get(apiUrl('safe/fetch-sir-reward'), () => ok(data)));

async function openRewards() {
  signInAs();
  const view = renderApp('/rewards');
  await screen.findByRole('heading', { level: 1, name: 'Rewards' });
  return view;
}

const slow = { timeout: 30_000 };

describe('rewards', slow, () => {
  afterEach(resetScreen);

  it('shows the rank held with bars to the next one', async () => {
    serveRewards();
    await openRewards();
    const progress = await screen.findByRole('region', { name: 'Your progress' });
    expect(progress).toHaveTextContent('Your rank: Bronze · next: Silver');
    expect(
      within(progress).getByRole('progressbar', { name: 'Team business towards Silver' }),
    ).toHaveAttribute('aria-valuenow', '50');
    expect(
      within(progress).getByRole('progressbar', { name: 'Active directs towards Silver' }),
    ).toHaveAttribute('aria-valuenow', '80');
    expect(progress).toHaveTextContent('$12,500.00 of $25,000.00 (50 %)');
    expect(progress).toHaveTextContent('4 of 5 (80 %)');
  });

  it('lists every rank with its thresholds, salary and reward, the current one set apart and the reached ones dated', async () => {
    serveRewards();
    await openRewards();
    const table = await screen.findByRole('table', { name: 'Ranks' });
    expect(tableCells(table).slice(0, 2)).toEqual([
      ['BronzeCurrent', '$5,000.00', '3', '$50.00', '$25.00', 'Mar 1, 2025'],
      ['Silver', '$25,000.00', '5', '$250.00', '$100.00', 'Not yet'],
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[2]).not.toHaveAttribute('aria-current');
  });

  it('lists the rewards received with their total, and says how one is earned when there is none', async () => {
    serveRewards();
    const first = await openRewards();
    const received = await screen.findByRole('region', { name: 'Rewards received' });
    expect(received).toHaveTextContent('Total $25.00');
    expect(tableCells(within(received).getByRole('table'))).toEqual([
      ['Bronze', expect.stringMatching(/^Mar 1, 2025, /), '$25.00', 'Paid'],
    ]);
    first.unmount();

    serveRewards(buildRewards({ rewards: [], rewardsTotal: 0 }));
    await openRewards();
    expect(await screen.findByText('No rewards yet')).toBeInTheDocument();
    expect(
      screen.getByText('Each rank pays its reward once, when you first reach it.'),
    ).toBeVisible();
  });

  it('says so below the first rank and at the top one', async () => {
    serveRewards(
      buildRewards({
        rank: null,
        teamBusiness: 1_000,
        activeDirects: 1,
        next: {
          name: 'Bronze',
          teamBusiness: 5_000,
          activeDirects: 3,
          businessProgress: 0.2,
          directsProgress: 0.3333,
        },
      }),
    );
    const first = await openRewards();
    expect(await screen.findByRole('region', { name: 'Your progress' })).toHaveTextContent(
      'No rank yet · next: Bronze',
    );
    expect(
      screen.getByRole('progressbar', { name: 'Active directs towards Bronze' }),
    ).toHaveAttribute('aria-valuenow', '33');
    first.unmount();

    serveRewards(buildRewards({ rank: 'Diamond', next: null }));
    await openRewards();
    expect(await screen.findByText(/You hold the highest rank of the plan/)).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a reward not paid with its reason on a phone card', async () => {
    asPhone();
    serveRewards(
      buildRewards({
        rewards: [
          buildIncome({
            kind: 'reward',
            status: 'not-paid',
            rank: 'Silver',
            amount: 100,
            notPaidReason: 'no active package',
          }),
        ],
      }),
    );
    await openRewards();
    const list = await screen.findByRole('list', { name: 'Rewards received' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent(/^SilverAmount \$100\.00 \(not paid\)/);
    expect(detailValue(card, 'Status')).toBe('Not paidno active package');
    const ranks = screen.getByRole('list', { name: 'Ranks' });
    expect(within(ranks).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'true');
  });

  it('shows skeleton rows while loading, then Retry when it fails', async () => {
    server.use(http.get(apiUrl('safe/fetch-sir-reward'), () => delay('infinite')));
    const first = await openRewards();
    expect(await screen.findByRole('status', { name: 'Loading rewards' })).toBeVisible();
    first.unmount();

    server.use(
      http.get(apiUrl('safe/fetch-sir-reward'), () => failure(500, 'Something went wrong')),
    );
    await openRewards();
    expect(
      await screen.findByText('Your ranks and rewards could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

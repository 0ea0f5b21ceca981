import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildTeamAnalysis, buildTeamInfo } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { tableCells } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const serveAnalysis = (data = buildTeamAnalysis()) => serveList('team/analysis', () => ok(data));

async function openAnalysis(url = '/team/team-analysis') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Team analysis' });
  return view;
}

/** A chart's figure, found by its caption, and its values as the hidden table gives them. */
async function chart(name: string) {
  const figure = await screen.findByRole('figure', { name });
  return {
    figure,
    values: tableCells(within(figure).getByRole('table', { name: `${name}: the values` })),
  };
}

const slow = { timeout: 30_000 };

describe('team analysis', slow, () => {
  it('charts business per level with a summary and the values in a table', async () => {
    const asked = serveAnalysis();
    await openAnalysis();
    const { figure, values } = await chart('Business per level');
    expect(figure).toHaveTextContent('Level 1 brings the most: $2,500.');
    expect(values).toHaveLength(10);
    expect(values.slice(0, 3)).toEqual([
      ['1', '3', '2', '$2,500.00'],
      ['2', '4', '3', '$1,800.00'],
      ['3', '2', '1', '$450.75'],
    ]);
    expect(asked).toEqual(['weeks=12']);
  });

  it('charts the growth week by week and the legs with the other legs summed', async () => {
    serveAnalysis();
    await openAnalysis();
    const growth = await chart('Team growth');
    expect(growth.figure).toHaveTextContent(
      '7 members joined in 4 weeks: the team went from 2 to 9.',
    );
    expect(growth.values).toEqual([
      ['Feb 10, 2025', '2', '4'],
      ['Feb 17, 2025', '1', '5'],
      ['Feb 24, 2025', '0', '5'],
      ['Mar 3, 2025', '4', '9'],
    ]);

    const legs = await chart('Legs compared');
    expect(legs.figure).toHaveTextContent('Meera Nair brings $3,000.00, 63 % of $4,750.75.');
    expect(legs.values).toEqual([
      ['Meera Nair', '5', '$3,000.00'],
      ['Kiran Das', '2', '$1,250.75'],
      ['1 other leg', '2', '$500.00'],
    ]);
  });

  it('shows the progress to the next rank', async () => {
    serveAnalysis();
    await openAnalysis();
    const rank = await screen.findByRole('region', { name: 'Progress to the next rank' });
    expect(rank).toHaveTextContent('Your rank: Bronze · next: Silver');
    expect(
      within(rank).getByRole('progressbar', { name: 'Team business towards Silver' }),
    ).toHaveAttribute('aria-valuenow', '50');
  });

  it('asks for another span of weeks and keeps it in the address', async () => {
    const asked = serveAnalysis();
    const { user, router } = await openAnalysis('/team/team-analysis?weeks=7');
    await chart('Team growth');
    expect(asked).toEqual(['weeks=12']);
    await user.click(screen.getByRole('combobox', { name: 'Weeks shown' }));
    await user.click(await screen.findByRole('option', { name: 'Last 26 weeks' }));
    await waitFor(() => expect(asked).toEqual(['weeks=12', 'weeks=26']));
    expect(router.state.location.search).toBe('?weeks=26');
  });

  it('says how the charts fill when there is no team, and offers Retry when it fails', async () => {
    serveAnalysis(
      buildTeamAnalysis({
        levels: buildTeamInfo().levels.map((level) => ({
          ...level,
          members: 0,
          active: 0,
          business: 0,
        })),
        legs: [],
        otherLegs: { count: 0, business: 0, members: 0 },
      }),
    );
    const first = await openAnalysis();
    expect(await screen.findByText('No team to analyse yet')).toBeInTheDocument();
    first.unmount();

    server.use(http.get(apiUrl('team/analysis'), () => failure(500, 'Something went wrong')));
    await openAnalysis();
    expect(await screen.findByText('Your team analysis could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

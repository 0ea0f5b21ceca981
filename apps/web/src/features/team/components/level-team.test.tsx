import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTeamInfo, buildTeamMember, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { asPhone, resetScreen } from '../../../testing/media.ts';
import { listItemTexts, tableCells } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const ravi = buildTeamMember({
  name: 'Ravi Shah',
  referralCode: 'RAVI1234',
  level: 3,
  sponsor: { name: 'Kiran Das', referralCode: 'KIRA4455' },
  teamMembers: 0,
  teamBusiness: 0,
});

const serveTeamInfo = (info = buildTeamInfo()) =>
  server.use(http.get(apiUrl('auth/team-info'), () => ok(info)));

/** Serves one level's members (total as given) and records the query string of each request. */
const serveLevel = (items = [ravi], total = items.length) =>
  serveList('team/level-members', () => ok({ ...pageOfItems(items), total }));

async function openLevelTeam(url = '/team/level-team') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Level team' });
  return view;
}

const slow = { timeout: 30_000 };

describe('level team', slow, () => {
  afterEach(resetScreen);

  it('shows the ten levels with their members, active members and business', async () => {
    serveTeamInfo();
    await openLevelTeam();
    const table = await screen.findByRole('table', { name: 'Team levels' });
    const rows = tableCells(table);
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 4)).toEqual([
      ['Level 1 members', '3', '2', '$2,500.00'],
      ['Level 2 members', '4', '3', '$1,800.00'],
      ['Level 3 members', '2', '1', '$450.75'],
      ['Level 4 members', '0', '0', '$0.00'],
    ]);
    expect(screen.getByRole('link', { name: 'Level 3 members' })).toHaveAttribute(
      'href',
      '/team/level-team?level=3',
    );
  });

  it('drills into a level: its members with their sponsor, a search within it and the way back', async () => {
    serveTeamInfo();
    const asked = serveLevel([ravi], 30);
    const { user, router } = await openLevelTeam();
    await user.click(await screen.findByRole('link', { name: 'Level 3 members' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Level 3 members' })).toBeVisible();
    expect(router.state.location.search).toBe('?level=3');
    const table = await screen.findByRole('table', { name: 'Level 3 members' });
    expect(tableCells(table)[0]!.slice(0, 4)).toEqual([
      'Ravi ShahRAVI1234',
      'Kiran Das',
      'Feb 10, 2025',
      'Active',
    ]);
    expect(asked).toEqual(['page=1&pageSize=20&level=3']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'RAVI1234');
    await waitFor(() => expect(asked.at(-1)).toBe('page=1&pageSize=20&q=RAVI1234&level=3'));
    expect(router.state.location.search).toBe('?level=3&q=RAVI1234');

    await user.click(screen.getByRole('link', { name: 'All levels' }));
    expect(await screen.findByRole('table', { name: 'Team levels' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    // Back returns to the level, as it was.
    await router.navigate(-1);
    expect(await screen.findByRole('table', { name: 'Level 3 members' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('RAVI1234');
  });

  it('opens a level from the address, and shows the levels for a level that does not exist', async () => {
    serveTeamInfo();
    const asked = serveLevel();
    const first = await openLevelTeam('/team/level-team?level=3&page=2');
    await screen.findByRole('table', { name: 'Level 3 members' });
    expect(asked).toEqual(['page=2&pageSize=20&level=3']);
    first.unmount();

    await openLevelTeam('/team/level-team?level=11');
    expect(await screen.findByRole('table', { name: 'Team levels' })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('says how a team grows when there is none, and when a level has nobody yet', async () => {
    serveTeamInfo(buildTeamInfo({ direct: 0, activeDirects: 0, total: 0, active: 0 }));
    const first = await openLevelTeam();
    expect(await screen.findByText('No team yet')).toBeInTheDocument();
    first.unmount();

    serveLevel([]);
    await openLevelTeam('/team/level-team?level=7');
    expect(await screen.findByText('No members on level 7 yet')).toBeInTheDocument();
    expect(screen.getByText('Level 7 is the members brought in by your level 6.')).toBeVisible();
  });

  it('shows the levels and a level’s members as cards on a phone', async () => {
    asPhone();
    serveTeamInfo();
    serveLevel();
    const { user } = await openLevelTeam();
    const levels = await screen.findByRole('list', { name: 'Team levels' });
    expect(listItemTexts(levels)[0]).toBe('Level 1 membersBusiness $2,500.00Members3Active2');
    await user.click(within(levels).getByRole('link', { name: 'Level 3 members' }));
    const members = await screen.findByRole('list', { name: 'Level 3 members' });
    expect(listItemTexts(members)[0]).toMatch(
      /^Ravi ShahRAVI1234Active investment \$1,000\.00SponsorKiran Das/,
    );
  });

  it('offers Retry when the levels or a level fail to load', async () => {
    server.use(
      http.get(apiUrl('auth/team-info'), () => failure(500, 'Something went wrong')),
      http.get(apiUrl('team/level-members'), () => failure(500, 'Something went wrong')),
    );
    const first = await openLevelTeam();
    expect(await screen.findByText('Your team levels could not be loaded.')).toBeInTheDocument();
    first.unmount();
    await openLevelTeam('/team/level-team?level=2');
    expect(
      await screen.findByText('The members of level 2 could not be loaded.'),
    ).toBeInTheDocument();
  });
});

import type { TeamMemberView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTeamInfo, buildTeamMember, pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, failure, ok } from '../../../testing/handlers.ts';
import { asPhone, resetScreen } from '../../../testing/media.ts';
import { detailValue, listItemTexts, tableCells } from '../../../testing/queries.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';

const meera = buildTeamMember();
const kiran = buildTeamMember({
  name: 'Kiran Das',
  referralCode: 'KIRA4455',
  joinedAt: '2025-02-20T12:00:00.000Z',
  active: false,
  activeInvestment: 0,
  totalInvestment: 250,
  teamBusiness: 0,
  teamMembers: 0,
});

/** Serves the direct referrals (total as given) and records the query string of each request. */
const serveReferrals = (items: TeamMemberView[], total = items.length) =>
  serveList('auth/refer-list', () => ok({ ...pageOfItems(items), total }));

const serveTeamInfo = (info = buildTeamInfo()) =>
  server.use(http.get(apiUrl('auth/team-info'), () => ok(info)));

async function openReferralTeam(url = '/team/referral-team') {
  signInAs();
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Referral team' });
  return view;
}

const slow = { timeout: 30_000 };

describe('referral team', slow, () => {
  afterEach(resetScreen);

  it('sums the team up on top and lists the direct referrals with their investment and team', async () => {
    serveTeamInfo();
    const asked = serveReferrals([meera, kiran]);
    await openReferralTeam();
    const summary = await screen.findByRole('region', { name: 'Team summary' });
    expect(summary).toHaveTextContent(/Direct referrals3\s*your level 1/);
    expect(summary).toHaveTextContent(/Active directs2/);
    expect(summary).toHaveTextContent(/Team size9\s*6 active, levels 1–10/);
    expect(summary).toHaveTextContent(/Team business\$4,750\.75\s*\$600\.00 this week/);

    const table = await screen.findByRole('table', { name: 'Direct referrals' });
    expect(tableCells(table)).toEqual([
      ['Meera NairMEER7788', 'Feb 10, 2025', 'Active', '$1,000.00', '$1,500.00', '$4,250.50', '6'],
      ['Kiran DasKIRA4455', 'Feb 20, 2025', 'Inactive', '$0.00', '$250.00', '$0.00', '0'],
    ]);
    expect(asked).toEqual(['page=1&pageSize=20']);
  });

  it('searches once typing pauses, keeps the search in the address and pages within it', async () => {
    serveTeamInfo();
    const asked = serveReferrals([meera], 45);
    const { user, router } = await openReferralTeam('/team/referral-team?page=2');
    await screen.findByRole('table', { name: 'Direct referrals' });
    expect(asked).toEqual(['page=2&pageSize=20']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' Meera ');
    await waitFor(() => expect(asked).toContain('page=1&pageSize=20&q=Meera'));
    expect(asked).toHaveLength(2);
    expect(router.state.location.search).toBe('?q=Meera');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Direct referrals pages' })).getByRole(
        'button',
        { name: 'Go to page 2' },
      ),
    );
    await waitFor(() => expect(asked.at(-1)).toBe('page=2&pageSize=20&q=Meera'));

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)).toBe('page=1&pageSize=20'));
  });

  it('says how referrals come when there are none', async () => {
    serveTeamInfo(buildTeamInfo({ direct: 0, activeDirects: 0, total: 0, active: 0 }));
    serveReferrals([]);
    await openReferralTeam();
    expect(await screen.findByText('No direct referrals yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share your referral link' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('says a search found nobody', async () => {
    serveTeamInfo();
    serveReferrals([]);
    await openReferralTeam('/team/referral-team?q=zed');
    expect(await screen.findByText('No direct referral matches this search')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('zed');
  });

  it('shows a card per referral on a phone', async () => {
    asPhone();
    serveTeamInfo();
    serveReferrals([meera]);
    await openReferralTeam();
    const list = await screen.findByRole('list', { name: 'Direct referrals' });
    expect(listItemTexts(list)[0]).toMatch(
      /^Meera NairMEER7788Active investment \$1,000\.00JoinedFeb 10, 2025/,
    );
    const card = within(list).getByRole('listitem');
    expect(detailValue(card, 'Team business')).toBe('$4,250.50');
    expect(detailValue(card, 'Team members')).toBe('6');
  });

  it('shows skeletons while loading, and Retry for each part that fails', async () => {
    server.use(
      http.get(apiUrl('auth/team-info'), () => delay('infinite')),
      http.get(apiUrl('auth/refer-list'), () => failure(500, 'Something went wrong')),
    );
    await openReferralTeam();
    expect(await screen.findByRole('status', { name: 'Loading team summary' })).toBeVisible();
    expect(
      await screen.findByText('Your direct referrals could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

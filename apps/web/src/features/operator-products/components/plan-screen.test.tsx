import { PLAN_DEFAULTS, type PlanPreviewData, type PlanVersionView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

const inForce: PlanVersionView = {
  version: 4,
  createdAt: '2026-11-20T10:00:00.000Z',
  publishedBy: 'admin@example.com',
  document: PLAN_DEFAULTS,
};

const totals = (total: number) => ({
  referralBonus: total,
  teamLevelBonus: 0,
  teamProfit: 0,
  weeklyIncome: 0,
  monthlyIncome: 0,
  reward: 0,
  total,
});
const preview: PlanPreviewData = {
  sample: 'A sample team.',
  current: { version: 4, earnings: totals(100.1) },
  draft: { earnings: totals(100.3) },
};

// jsdom lays nothing out, so it has no scrollIntoView; the editor scrolls to the first reason.
Element.prototype.scrollIntoView = function scrollIntoView() {};

/** Serves the plan and records every draft sent to preview, answering with `answer`. */
function servePlan(answer: (document: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(apiUrl('operator/plan'), () => ok(inForce)),
    http.post(apiUrl('operator/plan/preview'), async ({ request }) => {
      const { document } = (await request.json()) as { document: Record<string, unknown> };
      sent.push(document);
      return answer(document);
    }),
  );
  return sent;
}

const teamProfitLevel = (level: number) =>
  within(screen.getByRole('group', { name: /^Team profit, %/ })).getByLabelText(`Level ${level}`);

describe('the plan screen', () => {
  beforeEach(() => window.sessionStorage.clear());

  // Two renders of the whole editor (some sixty fields) in jsdom on a shared machine.
  it(
    'shows the server’s reasons at their fields and keeps the draft across a reload',
    { timeout: 60_000 },
    async () => {
      signInOperator('admin');
      const sent = servePlan((document) =>
        (document.teamProfitPercentages as unknown[])[3] === 150
          ? validationFailure([
              {
                field: 'document.teamProfitPercentages.3',
                reason: 'Team profit percentage must be at most 100',
              },
              { field: 'document.ranks', reason: 'Rank names must differ' },
            ])
          : ok(preview, 'The draft is valid'),
      );
      const first = renderApp('/operator/plan?tab=draft');
      const level4 = await waitFor(() => teamProfitLevel(4));
      await first.user.clear(level4);
      await first.user.type(level4, '150');
      await first.user.click(screen.getByRole('button', { name: 'Preview' }));

      await waitFor(() => expect(teamProfitLevel(4)).toHaveAttribute('aria-invalid', 'true'));
      expect(teamProfitLevel(4)).toHaveAccessibleDescription(
        'Team profit percentage must be at most 100',
      );
      expect(
        within(screen.getByRole('region', { name: 'Ranks' })).getByText('Rank names must differ'),
      ).toBeInTheDocument();
      expect(screen.getByText(/The draft has 2 problems/)).toBeInTheDocument();
      expect(sent[0]).toMatchObject({
        teamProfitPercentages: [10, 5, 3, 150, 1, 1, 1, 1, 0.5, 0.5],
      });

      // A reload keeps the draft (sessionStorage), not the reasons: those come from a preview.
      first.unmount();
      const second = renderApp('/operator/plan?tab=draft');
      await waitFor(() => expect(teamProfitLevel(4)).toHaveValue('150'));
      await second.user.clear(teamProfitLevel(4));
      await second.user.type(teamProfitLevel(4), '2.5');
      await second.user.click(screen.getByRole('button', { name: 'Preview' }));
      expect(
        await screen.findByRole('table', { name: 'Sample team earnings' }),
      ).toBeInTheDocument();
      // The change is exact (micro-dollars): $100.30 − $100.10, for the kind and the total.
      expect(screen.getAllByText('+$0.20')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Publish as version 5' })).toBeEnabled();
    },
  );

  it('shows finance the plan read only, without a draft', async () => {
    signInOperator('finance');
    servePlan(() => ok(preview));
    renderApp('/operator/plan?tab=draft');
    expect(await screen.findByRole('region', { name: 'General terms' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.getByText(/Version 4 in force/)).toBeInTheDocument();
  });
});

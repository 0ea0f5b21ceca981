import type { OperatorRole } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveOperatorSession } from '../../../lib/operator-session.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';
import {
  buildMember,
  buildOperatorMemberDetail,
  buildOperatorMemberItem,
} from '../../../testing/factories.ts';

const slow = { timeout: 30_000 };

const item = buildOperatorMemberItem({ emailVerified: false });
const detail = buildOperatorMemberDetail({ profile: item });

const asOperator = (role: OperatorRole) => {
  saveOperatorSession('operator-token', { id: 'op-1', email: `${role}@ops.example.com`, role });
  server.use(
    http.get(apiUrl('operator/auth/me'), () =>
      ok({ id: 'op-1', email: `${role}@ops.example.com`, role }),
    ),
    http.get(apiUrl(`operator/members/${item.id}`), () => ok(detail)),
  );
};

afterEach(resetScreen);

describe('the console members search', () => {
  it(
    'searches as the operator types, keeps q in the address and says when nothing matches',
    slow,
    async () => {
      asDesktop();
      asOperator('support');
      const asked = serveList('operator/members', (params) =>
        ok({
          data: params.get('q') === 'nobody' ? [] : [item],
          page: 1,
          pageSize: 20,
          total: params.get('q') === 'nobody' ? 0 : 1,
        }),
      );
      const { user, router } = renderApp('/operator/members');
      const table = await screen.findByRole('table', { name: 'Members' });
      expect(within(table).getByRole('link', { name: 'Asha Verma' })).toHaveAttribute(
        'href',
        `/operator/members/${item.id}`,
      );
      await user.type(screen.getByLabelText('Search'), 'nobody');
      expect(await screen.findByText('No member matches “nobody”')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?q=nobody');
      await waitFor(() => expect(asked.at(-1)).toContain('q=nobody'));
    },
  );
});

describe('the console member page', () => {
  it('shows support the actions it may take and no ledger', slow, async () => {
    asDesktop();
    asOperator('support');
    renderApp(`/operator/members/${item.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in as member' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Propose adjustment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Ledger' })).not.toBeInTheDocument();
  });

  it('shows finance the ledger and the adjustment link, and no member actions', slow, async () => {
    asDesktop();
    asOperator('finance');
    renderApp(`/operator/members/${item.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asha Verma' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ledger' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Propose adjustment' })).toHaveAttribute(
      'href',
      '/operator/adjustments?member=ASHA2345',
    );
    for (const name of ['Block', 'Sign in as member', 'Resend verification']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it("shows the member's sign-in history in the security section", slow, async () => {
    asDesktop();
    asOperator('support');
    server.use(
      http.get(apiUrl(`operator/members/${item.id}/sign-in-history`), () =>
        ok({
          attempts: [
            {
              id: '7',
              at: '2026-11-20T10:04:00.000Z',
              ip: '10.9.9.9',
              device: 'Firefox on Windows',
              method: 'password',
              result: 'failure',
              failure: 'too-many-attempts',
            },
          ],
        }),
      ),
    );
    const { user } = renderApp(`/operator/members/${item.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    const history = screen.getByRole('region', { name: 'Sign-in history' });
    expect(await within(history).findByText('Too many attempts')).toBeVisible();
    expect(within(history).getByText('Firefox on Windows')).toBeVisible();
  });

  it(
    "lets an admin reset the member's second factor with a reason, and shows support its state only",
    slow,
    async () => {
      asDesktop();
      const sent = vi.fn();
      server.use(
        http.get(apiUrl(`operator/members/${item.id}/sign-in-history`), () => ok({ attempts: [] })),
        http.get(apiUrl(`operator/members/${item.id}/second-factor`), () =>
          ok({
            totp: true,
            passkeys: 0,
            recoveryCodesLeft: 7,
            enabledAt: '2026-11-20T10:00:00.000Z',
          }),
        ),
        http.post(
          apiUrl(`operator/members/${item.id}/second-factor/reset`),
          async ({ request }) => {
            sent(await request.json());
            return ok(null, 'Two-factor authentication turned off; the member was told');
          },
        ),
      );
      asOperator('support');
      const asSupport = renderApp(`/operator/members/${item.id}?tab=security`);
      const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
      expect(await within(section).findByText(/7 recovery codes left/)).toBeVisible();
      expect(within(section).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
      asSupport.unmount();

      asOperator('admin');
      const { user } = renderApp(`/operator/members/${item.id}?tab=security`);
      const adminSection = await screen.findByRole('region', { name: 'Two-factor authentication' });
      await user.click(
        await within(adminSection).findByRole('button', { name: 'Reset two-factor' }),
      );
      const dialog = screen.getByRole('dialog', { name: 'Reset two-factor authentication?' });
      await user.type(within(dialog).getByLabelText('Reason'), 'Lost phone, checked on a call');
      await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
      expect(
        await screen.findByText('Two-factor authentication turned off; the member was told'),
      ).toBeInTheDocument();
      expect(sent).toHaveBeenCalledWith({ reason: 'Lost phone, checked on a call' });
    },
  );

  it('asks for a reason before blocking and sends it', slow, async () => {
    asDesktop();
    asOperator('admin');
    let sent: unknown;
    server.use(
      http.post(apiUrl(`operator/members/${item.id}/block`), async ({ request }) => {
        sent = await request.json();
        return ok(null, 'Member blocked');
      }),
    );
    const { user } = renderApp(`/operator/members/${item.id}`);
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Asha Verma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Reason'), 'Reported stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(sent).toEqual({ reason: 'Reported stolen' }));
  });
});

describe('the member app in an operator view', () => {
  it('shows the read-only banner only when auth/me says readOnly', slow, async () => {
    const member = signInAs(buildMember());
    server.use(http.get(apiUrl('auth/me'), () => ok({ ...member, readOnly: true })));
    renderApp('/dashboard');
    expect(
      await screen.findByText('Operator view — read-only. Money actions are disabled.'),
    ).toBeInTheDocument();
  });

  it("shows no banner in the member's own session", slow, async () => {
    signInAs(buildMember());
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/Operator view/)).not.toBeInTheDocument();
  });
});

import type {
  MemberSessions,
  MemberSessionView,
  OperatorRole,
  SignInHistory,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveOperatorSession } from '../../../lib/operator-session.ts';
import {
  buildOperatorMemberDetail,
  buildSession,
  OPERATOR_MEMBER_ID,
} from '../../../testing/factories.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const slow = { timeout: 30_000 };
const MEMBER_ID = OPERATOR_MEMBER_ID;
const detail = buildOperatorMemberDetail({ profile: { sponsorCode: null, sponsorName: null } });
// The console asks as no session of the member's: none is current.
const laptop = buildSession({ id: 'session-1', current: false });
const phone = buildSession({
  id: 'session-2',
  browser: 'Mobile Safari 18',
  os: 'iOS 18.1',
  device: 'Apple iPhone',
  deviceKind: 'phone',
  ip: '203.0.113.7',
  current: false,
});

/** The console as `role`, on the member's Security tab, with these sessions live. */
async function openSecurity(role: OperatorRole, sessions: MemberSessionView[]) {
  asDesktop();
  saveOperatorSession('operator-token', { id: 'op-1', email: `${role}@ops.example.com`, role });
  const live = { sessions };
  server.use(
    http.get(apiUrl('operator/auth/me'), () =>
      ok({ id: 'op-1', email: `${role}@ops.example.com`, role }),
    ),
    http.get(apiUrl(`operator/members/${MEMBER_ID}`), () => ok(detail)),
    http.get(apiUrl(`operator/members/${MEMBER_ID}/sessions`), () =>
      ok<MemberSessions>({ ...live }),
    ),
    // The tab's other section.
    http.get(apiUrl(`operator/members/${MEMBER_ID}/sign-in-history`), () =>
      ok<SignInHistory>({ attempts: [] }),
    ),
  );
  const view = renderApp(`/operator/members/${MEMBER_ID}?tab=security`);
  const section = await screen.findByRole('region', { name: 'Sessions and devices' });
  return { ...view, section, live };
}

afterEach(resetScreen);

describe("a member's sessions in the console", () => {
  it('lets support end one session, then all of them', slow, async () => {
    const { user, section, live } = await openSecurity('support', [laptop, phone]);
    const ended = vi.fn();
    server.use(
      http.delete(
        apiUrl(`operator/members/${MEMBER_ID}/sessions/:sessionId`),
        ({ params, request }) => {
          ended(params.sessionId, request.headers.get('authorization'));
          live.sessions = live.sessions.filter((session) => session.id !== params.sessionId);
          return ok(null, 'Session ended');
        },
      ),
      http.post(apiUrl(`operator/members/${MEMBER_ID}/sessions/end-all`), () => {
        ended('all');
        live.sessions = [];
        return ok({ ended: 1 }, '1 session ended');
      }),
    );
    const list = await within(section).findByRole('list', { name: "Asha Verma's sessions" });
    expect(within(list).queryByText('This device')).not.toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', {
        name: 'End session: Mobile Safari 18 on iOS 18.1, 203.0.113.7',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('is told in the app that an operator did this');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(ended).toHaveBeenCalledWith('session-2', 'Bearer operator-token');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));

    await user.click(within(section).getByRole('button', { name: 'End all sessions' }));
    const all = await screen.findByRole('dialog', { name: "End all of Asha Verma's sessions?" });
    expect(all).toHaveTextContent('Their one session will be signed out at once.');
    await user.click(within(all).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('1 session ended')).toBeInTheDocument();
    expect(await within(section).findByText('Not signed in anywhere')).toBeVisible();
    expect(ended).toHaveBeenLastCalledWith('all');
  });

  it('shows finance the sessions without a way to end them', slow, async () => {
    const { section } = await openSecurity('finance', [laptop, phone]);
    const list = await within(section).findByRole('list', { name: "Asha Verma's sessions" });
    expect(within(list).getAllByRole('listitem', { name: /./ })).toHaveLength(2);
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});

import type {
  VerificationDecisionBody,
  VerificationQueueItem,
  VerificationSubmissionDetail,
  WorkWaitingData,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { pageOfItems } from '../../../testing/factories.ts';
import { apiUrl, ok } from '../../../testing/handlers.ts';
import { asDesktop, resetScreen } from '../../../testing/media.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { serveList } from '../../../testing/serve-list.ts';
import { signInOperator } from '../../../testing/sign-in-operator.ts';

const item: VerificationQueueItem = {
  id: 's-1',
  memberId: 'm-1',
  memberName: 'Asha Verma',
  referralCode: 'ABCD2345',
  country: 'IN',
  status: 'submitted',
  submittedAt: '2026-11-25T10:00:00.000Z',
  decidedAt: null,
};
const detail: VerificationSubmissionDetail = {
  ...item,
  memberEmail: 'asha@example.com',
  requirementsVersion: 1,
  fields: { legalName: 'Asha Verma', nationality: 'IN' },
  documents: [
    {
      id: 'd-1',
      kind: 'id-front',
      mediaType: 'application/pdf',
      byteSize: 1200,
      uploadedAt: '2026-11-25T09:59:00.000Z',
    },
  ],
  decidedBy: null,
  rejection: null,
  requestedDocument: null,
};

function serveQueue(submission = detail) {
  const asked = serveList('operator/verification', () => ok(pageOfItems([item])));
  const decided: VerificationDecisionBody[] = [];
  server.use(
    http.get(apiUrl('operator/verification/s-1'), () => ok(submission)),
    http.get(
      apiUrl('operator/verification/s-1/documents/d-1'),
      () => new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
    ),
    http.post(apiUrl('operator/verification/s-1/decide'), async ({ request }) => {
      decided.push((await request.json()) as VerificationDecisionBody);
      return ok({ ...submission, status: 'rejected' }, 'Rejected: the member sees the reason');
    }),
  );
  return { asked, decided };
}

const slow = { timeout: 40_000 };
const menu = () => screen.getByRole('navigation', { name: 'Main menu' });

/** GET operator/work-waiting: the menu's counts, `verifications` as given. */
const serveCounts = (verifications: number | null) =>
  server.use(
    http.get(apiUrl('operator/work-waiting'), () =>
      ok<WorkWaitingData>({ deposits: null, withdrawals: null, tickets: 0, verifications }),
    ),
  );

describe('the console verification queue', () => {
  afterEach(resetScreen);

  it("counts a reviewer's work waiting on the menu's Verification entry", slow, async () => {
    asDesktop();
    signInOperator('support');
    serveQueue();
    serveCounts(2);
    renderApp('/operator/verification');
    await screen.findByRole('link', { name: /Asha Verma · ABCD2345/ });
    const entry = await within(menu()).findByRole('link', { name: 'Verification, 2 waiting' });
    expect(entry).toHaveAttribute('href', '/operator/verification');
    expect(within(entry).getByText('2')).toBeInTheDocument();
  });

  it('shows no count to a role that reads the queue but decides nothing in it', slow, async () => {
    asDesktop();
    signInOperator('finance');
    serveQueue();
    // The server counts nothing for a role without verification.review.
    serveCounts(null);
    renderApp('/operator/verification');
    await screen.findByRole('link', { name: /Asha Verma · ABCD2345/ });
    const entry = within(menu()).getByRole('link', { name: 'Verification' });
    expect(entry).not.toHaveTextContent(/\d/);
  });

  it('lists what waits longest first and decides beside the list', slow, async () => {
    asDesktop();
    signInOperator('support');
    const { asked, decided } = serveQueue();
    const { user } = renderApp('/operator/verification');
    const row = await screen.findByRole('link', { name: /Asha Verma · ABCD2345/ });
    expect(row).toHaveTextContent('India');
    expect(asked[0]).toBe('page=1&pageSize=20&status=submitted&age=any');
    await user.click(row);
    const submission = await screen.findByRole('article', { name: 'Submission of Asha Verma' });
    expect(within(submission).getByText('asha@example.com')).toBeInTheDocument();
    expect(await within(submission).findByRole('button', { name: 'Open the PDF' })).toBeVisible();
    const form = within(submission).getByRole('form', { name: 'Decision' });
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    await user.type(within(form).getByLabelText('Note to the member'), 'Expired');
    await user.click(within(form).getAllByRole('button', { name: 'Reject' }).at(-1)!);
    await waitFor(() =>
      expect(decided).toEqual([{ decision: 'reject', reason: 'unreadable', note: 'Expired' }]),
    );
  });

  it('shows finance the status without details, documents or a decision', slow, async () => {
    asDesktop();
    signInOperator('finance');
    serveQueue({ ...detail, fields: null, documents: null });
    renderApp('/operator/verification?submission=s-1');
    const submission = await screen.findByRole('article', { name: 'Submission of Asha Verma' });
    expect(
      within(submission).getByText(/shown to reviewers only \(admin and support\)/),
    ).toBeInTheDocument();
    expect(within(submission).queryByRole('form', { name: 'Decision' })).toBeNull();
  });
});

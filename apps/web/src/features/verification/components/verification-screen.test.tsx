import type { MemberVerificationData, VerificationSubmitBody } from '@app/contracts';
import { MEMBER_FILE_TOO_LARGE, MEMBER_FILE_TYPE_REFUSED } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, ok, validationFailure } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

const slow = { timeout: 30_000 };

async function openScreen() {
  signInAs();
  const { user } = renderApp('/verification');
  await screen.findByRole('heading', { name: 'Identity verification', level: 1 });
  return user;
}

describe('the verification screen', () => {
  it(
    'asks for the country, then the details and documents it needs, and names what is wrong with a file before sending',
    slow,
    async () => {
      const user = await openScreen();
      expect(await screen.findByText('Not started')).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Country of your document'), 'IN');
      expect(screen.getByLabelText('Legal name')).toBeInTheDocument();
      const front = screen.getByRole('region', { name: 'Identity document, front' });
      expect(within(front).getByText('Not uploaded yet')).toBeInTheDocument();

      const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', {
        type: 'image/jpeg',
      });
      await user.upload(within(front).getByLabelText('Identity document, front file'), big);
      expect(within(front).getByRole('alert')).toHaveTextContent(MEMBER_FILE_TOO_LARGE);

      // userEvent honours `accept`; a renamed program reaches the check with applyAccept off.
      const program = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
      await user
        .setup({ applyAccept: false })
        .upload(within(front).getByLabelText('Identity document, front file'), program);
      expect(within(front).getByRole('alert')).toHaveTextContent(MEMBER_FILE_TYPE_REFUSED);
    },
  );

  it('shows the server’s reasons on the fields and documents it names', slow, async () => {
    const sent: VerificationSubmitBody[] = [];
    server.use(
      http.post(apiUrl('verification/submit'), async ({ request }) => {
        sent.push((await request.json()) as VerificationSubmitBody);
        return validationFailure([
          { field: 'fields.legalName', reason: 'Legal name is required' },
          { field: 'documents.selfie', reason: 'Upload: Selfie holding the document' },
        ]);
      }),
    );
    const user = await openScreen();
    await user.selectOptions(await screen.findByLabelText('Country of your document'), 'IN');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Legal name is required')).toBeInTheDocument();
    const selfie = screen.getByRole('region', { name: 'Selfie holding the document' });
    expect(within(selfie).getByRole('alert')).toHaveTextContent(
      'Upload: Selfie holding the document',
    );
    expect(sent).toEqual([{ country: 'IN', fields: {} }]);
  });

  it('after a rejection, says why and what to fix', slow, async () => {
    server.use(
      http.get(apiUrl('verification'), () =>
        ok<Partial<MemberVerificationData>>({
          status: 'rejected',
          submittedAt: '2026-11-20T10:00:00.000Z',
          decidedAt: '2026-11-21T10:00:00.000Z',
          rejection: { reason: 'The document has expired', note: 'Expired in 2024' },
          requestedDocument: null,
          country: 'IN',
          fields: { legalName: 'Asha Verma' },
          drafts: [],
          kept: [],
          requirements: {
            version: 1,
            publishedAt: null,
            requirements: {
              default: { documents: ['id-front'], fields: ['legalName'] },
              countries: [],
            },
          },
          withdrawalRoom: '0',
        }),
      ),
    );
    await openScreen();
    expect(await screen.findByText('Rejected: The document has expired')).toBeInTheDocument();
    expect(screen.getByText(/Reviewer’s note: Expired in 2024/)).toBeInTheDocument();
    expect(screen.getByLabelText('Legal name')).toHaveValue('Asha Verma');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMember } from '../../../testing/factories.ts';
import { apiUrl, failure } from '../../../testing/handlers.ts';
import { renderApp, signInAs } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';

async function openProfile() {
  signInAs(buildMember());
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return { ...view, card: screen.getByRole('region', { name: 'Your data' }) };
}

afterEach(() => vi.restoreAllMocks());

describe('the profile\'s "Your data" card', () => {
  it("downloads the member's data with the session's token, saved under their id and the day", async () => {
    const requests: Request[] = [];
    server.use(
      http.get(apiUrl('auth/data-export'), ({ request }) => {
        requests.push(request);
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          headers: { 'content-type': 'application/zip' },
        });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:data'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const { user, card } = await openProfile();
    await user.click(within(card).getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer test-token');
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^my-data-ABCD2345-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await screen.findByText('Your data is downloaded')).toBeInTheDocument();
  });

  it('says why when the download is refused', async () => {
    server.use(
      http.get(apiUrl('auth/data-export'), () =>
        failure(429, 'Too many downloads of your data. Try again in 40 minutes.', 'RATE_LIMITED'),
      ),
    );
    const { user, card } = await openProfile();
    await user.click(within(card).getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Too many downloads of your data. Try again in 40 minutes.'),
    ).toBeInTheDocument();
  });
});

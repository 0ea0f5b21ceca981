import { buildMember } from '../testing/factories.ts';
import { apiUrl, failure, ok, unauthorized, validationFailure } from '../testing/handlers.ts';
import { server } from '../testing/server.ts';
import { walletBalanceData } from '@app/contracts';
import { http, HttpResponse } from 'msw';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiClient,
  NETWORK_ERROR_MESSAGE,
  postMoney,
  UNEXPECTED_RESPONSE_MESSAGE,
  type IdempotencyKey,
} from './api-client.ts';
import { getAccessToken, getUserDetail, saveSession, storageKeys } from './auth-store.ts';
import { notifyError } from './toast.ts';

const anything = { schema: z.unknown() };

function answer(body: unknown, status = 200) {
  server.use(http.get(apiUrl('probe'), () => HttpResponse.json(body as never, { status })));
}

let toastError: MockInstance<typeof toast.error>;
beforeEach(async () => {
  toastError = vi.spyOn(toast, 'error');
  // A toast an earlier test raised at its end comes a moment later: it is not this test's.
  await toastsRaised();
  toastError.mockClear();
});
const MARKER = 'marker toast';

/** Resolves once every toast raised so far has come (see toastedMessages). */
async function toastsRaised() {
  notifyError(MARKER);
  await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith(MARKER, expect.anything()));
}

/**
 * The messages toasted so far: react-toastify loads with the first toast (lib/toast.ts), so a
 * toast comes a moment after the call that raised it. Toasts come in the order they were raised,
 * so once a marker raised now has come, every toast raised before it has too.
 */
async function toastedMessages() {
  await toastsRaised();
  return toastError.mock.calls.map(([message]) => message).filter((message) => message !== MARKER);
}

describe('apiClient envelope handling', () => {
  it('returns message and data of a success envelope, checked against the schema', async () => {
    server.use(
      http.get(apiUrl('auth/wallet-balance'), () =>
        ok({ primary_wallet: 10, profit_wallet: 0.5 }, 'Balance'),
      ),
    );
    await expect(
      apiClient.get('auth/wallet-balance', { schema: walletBalanceData }),
    ).resolves.toEqual({
      message: 'Balance',
      data: { primary_wallet: 10, profit_wallet: 0.5 },
    });
    expect(await toastedMessages()).toEqual([]);
  });

  it("accepts the contract's success flag as success", async () => {
    answer({ success: true, data: 7 });
    await expect(apiClient.get('probe', anything)).resolves.toEqual({ message: '', data: 7 });
  });

  it('treats status "error" as a failure even on HTTP 200 (a truthy status is not success)', async () => {
    answer({ status: 'error', message: 'Not allowed', error: 'FORBIDDEN' });
    await expect(apiClient.get('probe', anything)).rejects.toMatchObject({
      message: 'Not allowed',
      status: 200,
    });
    expect(await toastedMessages()).toEqual(['Not allowed']);
  });

  it('shows one toast per validation result as "field: reason"', async () => {
    server.use(
      http.post(apiUrl('probe'), () =>
        validationFailure([
          { field: 'email', reason: 'Enter valid Email id.' },
          { field: 'password', reason: 'Password is required' },
        ]),
      ),
    );
    const error = await apiClient.post('probe', {}, anything).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      validation: [{ field: 'email' }, { field: 'password' }],
    });
    expect(await toastedMessages()).toEqual([
      'email: Enter valid Email id.',
      'password: Password is required',
    ]);
  });

  it('falls back to the error code text when there is no message', async () => {
    answer({ status: 'error', error: 'RATE_LIMITED' }, 429);
    await expect(apiClient.get('probe', anything)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(await toastedMessages()).toEqual(['RATE_LIMITED']);
  });

  it('says something sensible when the body is not JSON (a proxy error page)', async () => {
    server.use(
      http.get(
        apiUrl('probe'),
        () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
      ),
    );
    await expect(apiClient.get('probe', anything)).rejects.toMatchObject({ status: 502 });
    expect(await toastedMessages()).toEqual(['Request failed (HTTP 502)']);
  });

  it('turns a network failure into a toast instead of crashing', async () => {
    server.use(http.get(apiUrl('probe'), () => HttpResponse.error()));
    await expect(apiClient.get('probe', anything)).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(await toastedMessages()).toEqual([NETWORK_ERROR_MESSAGE]);
  });

  it('refuses data that breaks the contract', async () => {
    answer({ status: 'success', message: '', data: { primary_wallet: '10' } });
    await expect(apiClient.get('probe', { schema: walletBalanceData })).rejects.toMatchObject({
      message: UNEXPECTED_RESPONSE_MESSAGE,
    });
  });

  it('on 401 forgets the session and shows the server message', async () => {
    saveSession('expired-token', buildMember());
    window.localStorage.setItem(storageKeys.referralCode, JSON.stringify('ABCD2345'));
    server.use(http.get(apiUrl('probe'), unauthorized));
    await expect(apiClient.get('probe', anything)).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(getUserDetail()).toBeNull();
    expect(window.localStorage.getItem(storageKeys.referralCode)).toBe('"ABCD2345"');
    expect(await toastedMessages()).toEqual(['Session expired, please sign in again']);
  });

  it("keeps the server's Retry-After on the error, in seconds", async () => {
    server.use(
      http.get(apiUrl('probe'), () =>
        HttpResponse.json(
          { status: 'error', message: 'Please wait', error: 'RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    await expect(apiClient.get('probe', anything)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 42,
    });
  });

  it('leaves the session alone when the refused call did not carry it (a wrong password)', async () => {
    saveSession('other-tab-token', buildMember());
    server.use(http.post(apiUrl('probe'), unauthorized));
    await expect(apiClient.post('probe', {}, { ...anything, auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(getAccessToken()).toBe('other-tab-token');
  });

  it('leaves a session that replaced the refused one alone (signed in again meanwhile)', async () => {
    saveSession('old-token', buildMember());
    server.use(
      http.get(apiUrl('probe'), () => {
        saveSession('new-token', buildMember());
        return unauthorized();
      }),
    );
    await expect(apiClient.get('probe', anything)).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBe('new-token');
  });

  it('stays quiet when asked to (the screen explains the failure itself)', async () => {
    server.use(http.get(apiUrl('probe'), () => failure(404, 'Unknown invitation id', 'NOT_FOUND')));
    await expect(apiClient.get('probe', { ...anything, silent: true })).rejects.toMatchObject({
      status: 404,
    });
    expect(await toastedMessages()).toEqual([]);
  });
});

describe('apiClient requests', () => {
  it('sends the stored token as a bearer, JSON bodies and the query string', async () => {
    saveSession('secret-token', buildMember());
    const seen = vi.fn();
    server.use(
      http.post(apiUrl('probe'), async ({ request }) => {
        seen(
          request.headers.get('authorization'),
          request.headers.get('content-type'),
          new URL(request.url).search,
          await request.json(),
        );
        return ok(null);
      }),
    );
    await apiClient.post(
      '/probe',
      { amount: 5 },
      { ...anything, query: { page: 2, wallet: null } },
    );
    expect(seen).toHaveBeenCalledWith('Bearer secret-token', 'application/json', '?page=2', {
      amount: 5,
    });
  });

  it('sends no token on calls that must not carry one', async () => {
    saveSession('secret-token', buildMember());
    const seen = vi.fn();
    server.use(
      http.get(apiUrl('probe'), ({ request }) => {
        seen(request.headers.get('authorization'));
        return ok(null);
      }),
    );
    await apiClient.get('probe', { ...anything, auth: false });
    expect(seen).toHaveBeenCalledWith(null);
  });
});

describe('money requests', () => {
  it('refuses to send a money POST without an Idempotency-Key, before any request', async () => {
    const seen = vi.fn();
    server.use(http.post(apiUrl('secure/create'), () => seen()));
    const path: string = 'secure/create';
    await expect(apiClient.post(path, {}, anything)).rejects.toThrow(/needs an Idempotency-Key/);
    // @ts-expect-error a money path does not compile with post(); postMoney takes its key
    await expect(apiClient.post('package/claim-profit', {}, anything)).rejects.toThrow();
    expect(seen).not.toHaveBeenCalled();
  });

  it('sends the key of the attempt with postMoney', async () => {
    const seen = vi.fn();
    server.use(
      http.post(apiUrl('safe/withdrawal/w-1/cancel'), ({ request }) => {
        seen(request.headers.get('idempotency-key'));
        return ok(null);
      }),
    );
    await postMoney('safe/withdrawal/w-1/cancel', {}, 'key-1' as IdempotencyKey, anything);
    expect(seen).toHaveBeenCalledWith('key-1');
  });
});

describe('apiClient.download', () => {
  it('hands back the file, sent with the bearer token', async () => {
    saveSession('secret-token', buildMember());
    server.use(
      http.get(apiUrl('file.csv'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer secret-token'
          ? new HttpResponse('a,b\r\n', { headers: { 'content-type': 'text/csv' } })
          : unauthorized(),
      ),
    );
    const blob = await apiClient.download('file.csv', { accept: 'text/csv' });
    expect(await blob.text()).toBe('a,b\r\n');
  });

  it('fails like every call: a 401 ends the session with the server message', async () => {
    saveSession('expired-token', buildMember());
    server.use(http.get(apiUrl('file.csv'), unauthorized));
    await expect(apiClient.download('file.csv', { accept: 'text/csv' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getAccessToken()).toBeNull();
    expect(await toastedMessages()).toEqual(['Session expired, please sign in again']);
  });
});

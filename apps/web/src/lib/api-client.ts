import type { z } from 'zod';
import { env } from '../config/env.ts';
import { noteInactiveAccount } from './inactive-account.ts';
import { ApiError, readRetryAfter } from './api-error.ts';
import { endSessionIfCurrent, getAccessToken } from './auth-store.ts';
import { takeEarlyResponse } from './early-responses.ts';
import { isSuccessBody, readErrorDetails, readSuccessMessage } from './envelope.ts';
import { toQueryString, type QueryParams } from './query-string.ts';
import { askStepUp } from './step-up.ts';
import { notifyError } from './toast.ts';

export { ApiError } from './api-error.ts';

export const NETWORK_ERROR_MESSAGE = 'Network error, please try again';
export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from the server, please try again';

/** The header the API reads on money-moving POSTs (docs/decisions/0004-idempotency.md). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

declare const idempotencyKeyBrand: unique symbol;
/**
 * An Idempotency-Key. Only `useMoneyMutation` (lib/money-mutation.ts) makes one, so a money
 * request can be sent only from inside that hook, with the key of the attempt.
 */
export type IdempotencyKey = string & { readonly [idempotencyKeyBrand]: true };

/**
 * The API's POSTs that take an Idempotency-Key: `postMoney` sends them, not `post`. The money
 * ones, and the two ticket posts, so a double tap opens one ticket and sends one reply.
 */
export type MoneyPath =
  | 'package/buy-package'
  | 'package/claim-profit'
  | 'secure/create'
  | 'compounding/move'
  | 'safe/withdrawal'
  | `safe/withdrawal/${string}/cancel`
  | 'ticket/create'
  | 'ticket/reply-user';

const MONEY_PATH =
  /^(package\/buy-package|package\/claim-profit|secure\/create|compounding\/move|safe\/withdrawal(\/[^/]+\/cancel)?|ticket\/create|ticket\/reply-user)$/;

/** `P` itself, or `never` for a money path, so `post('secure/create', …)` does not compile. */
type NotMoneyPath<P extends string> = P & (P extends MoneyPath ? never : unknown);

/**
 * Whose bearer token a call carries and whose session a 401 ends: the member's by default, the
 * operator's for the console (lib/operator-client.ts). The two never mix.
 */
export type SessionSource = {
  getToken: () => string | null;
  endIfCurrent: (token: string) => void;
};

const memberSession: SessionSource = {
  getToken: getAccessToken,
  endIfCurrent: endSessionIfCurrent,
};

type RequestOptions<S extends z.ZodType> = {
  /** The contract of `data`; an answer that breaks it is an error, never silently used. */
  schema: S;
  query?: QueryParams;
  /** Sends the stored bearer token; login, register, OTP verify and the upline lookup do not. */
  auth?: boolean;
  /** No toasts: for calls whose failure the screen explains itself (e.g. the upline hint). */
  silent?: boolean;
  signal?: AbortSignal;
  session?: SessionSource;
};

type CallOptions = Omit<RequestOptions<z.ZodType>, 'schema'> & {
  body?: unknown;
  accept?: string;
  idempotencyKey?: IdempotencyKey;
};

export type ApiResult<T> = { message: string; data: T };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const buildUrl = (path: string, query?: QueryParams) =>
  new URL(
    `${env.apiBasePath}${path.replace(/^\/+/, '')}${toQueryString(query)}`,
    window.location.origin,
  );

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function fail(error: ApiError, messages: string[], silent: boolean | undefined): never {
  if (!silent) messages.forEach(notifyError);
  throw error;
}

/**
 * A refused call. A 401 to a call that carried the session ends it here, the one place that
 * does: the token goes (protected screens follow the store to `/`) and the server's message
 * is toasted like any other failure. A refused sign-in sends no token and stays put.
 */
function refuse(
  response: Response,
  payload: unknown,
  sent: { token: string | null; session: SessionSource },
  silent?: boolean,
) {
  const { messages, code, validation, data } = readErrorDetails(payload, response.status);
  if (response.status === 401 && sent.token) sent.session.endIfCurrent(sent.token);
  // A blocked or closed account's sign-in or session: the sign-in page says so, with the support
  // address.
  if (sent.session === memberSession) noteInactiveAccount(data);
  const retryAfter = readRetryAfter(response.headers.get('retry-after'));
  const error = new ApiError(
    messages.join('\n'),
    response.status,
    code,
    validation,
    retryAfter,
    data,
  );
  // A sign-in that goes on to its second step, or a change that asks for a step-up, is not a
  // failure to toast: the screen (or the step-up dialog) asks for the code. Nor is a form asked
  // for a robot check: it solves one and sends again (decision 0050).
  const asksForCode =
    code === 'SECOND_FACTOR_REQUIRED' ||
    code === 'STEP_UP_REQUIRED' ||
    code === 'PROOF_OF_WORK_REQUIRED';
  return fail(error, messages, silent || asksForCode);
}

/** Sends one request and hands back a successful HTTP answer; every failure is an ApiError. */
async function call(method: Method, path: string, options: CallOptions) {
  const { body, query, auth = true, silent, signal, accept, idempotencyKey } = options;
  const session = options.session ?? memberSession;
  const normalPath = path.replace(/^\/+/, '');
  if (method === 'POST' && MONEY_PATH.test(normalPath) && !idempotencyKey) {
    // A programming error, not a member's: never let a money POST go without its key.
    throw new Error(`POST ${normalPath} moves money and needs an Idempotency-Key (postMoney)`);
  }
  const headers: Record<string, string> = { Accept: accept ?? 'application/json' };
  // A file (a ticket's image) goes as the raw body; everything else as JSON.
  const isFile = body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = isFile ? 'application/octet-stream' : 'application/json';
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  const token = auth ? session.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  // A plain GET the page's early script already sent with this session (first-screen.ts).
  const early =
    method === 'GET' && query === undefined && session === memberSession
      ? takeEarlyResponse(normalPath, token)
      : null;
  let response: Response;
  try {
    response =
      (early && (await early)) ??
      (await fetch(buildUrl(normalPath, query), {
        method,
        headers,
        body: body === undefined ? undefined : isFile ? body : JSON.stringify(body),
        signal,
      }));
  } catch (cause) {
    // A cancelled query is not a failure the member needs to hear about.
    if (signal?.aborted) throw cause;
    return fail(new ApiError(NETWORK_ERROR_MESSAGE, 0), [NETWORK_ERROR_MESSAGE], silent);
  }
  if (!response.ok) refuse(response, await readBody(response), { token, session }, silent);
  return { response, sent: { token, session } };
}

/**
 * One client for every JSON call: JSON in and out, no timeout, envelope checked. A change that
 * answers STEP_UP_REQUIRED asks the member for a second-factor code (lib/step-up.ts) and, once
 * it is accepted, is sent again as it was (its Idempotency-Key included).
 */
export async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  options: RequestOptions<S> & Omit<CallOptions, 'accept'>,
): Promise<ApiResult<z.output<S>>> {
  try {
    return await requestOnce(method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'STEP_UP_REQUIRED') throw error;
    if (await askStepUp()) return requestOnce(method, path, options);
    if (!options.silent) notifyError(error.message);
    throw error;
  }
}

async function requestOnce<S extends z.ZodType>(
  method: Method,
  path: string,
  { schema, ...options }: RequestOptions<S> & Omit<CallOptions, 'accept'>,
): Promise<ApiResult<z.output<S>>> {
  const { response, sent } = await call(method, path, options);
  const payload = await readBody(response);
  if (!isSuccessBody(response.ok, payload)) return refuse(response, payload, sent, options.silent);
  const data = schema.safeParse(payload.data);
  if (!data.success) {
    return fail(
      new ApiError(UNEXPECTED_RESPONSE_MESSAGE, response.status),
      [UNEXPECTED_RESPONSE_MESSAGE],
      options.silent,
    );
  }
  return { message: readSuccessMessage(payload), data: data.data };
}

type Options<S extends z.ZodType> = RequestOptions<S>;

export const apiClient = {
  get: <S extends z.ZodType>(path: string, options: Options<S>) => request('GET', path, options),
  post: <S extends z.ZodType, P extends string>(
    path: NotMoneyPath<P>,
    body: unknown,
    options: Options<S>,
  ) => request('POST', path, { ...options, body }),
  put: <S extends z.ZodType>(path: string, body: unknown, options: Options<S>) =>
    request('PUT', path, { ...options, body }),
  patch: <S extends z.ZodType>(path: string, body: unknown, options: Options<S>) =>
    request('PATCH', path, { ...options, body }),
  delete: <S extends z.ZodType>(path: string, options: Options<S>) =>
    request('DELETE', path, options),
  /** A file (e.g. CSV) with the session's token, failing exactly as the JSON calls do. */
  download: async (
    path: string,
    { accept, query, session }: { accept: string; query?: QueryParams; session?: SessionSource },
  ) => {
    const { response } = await call('GET', path, { accept, query, session });
    return response.blob();
  },
};

/** A money POST: needs the key of the attempt, which only `useMoneyMutation` hands out. */
export const postMoney = <S extends z.ZodType>(
  path: MoneyPath,
  body: unknown,
  idempotencyKey: IdempotencyKey,
  options: Pick<Options<S>, 'schema'>,
) => request('POST', path, { ...options, body, idempotencyKey });

import type { ValidationResult } from '@app/contracts';
import type { z } from 'zod';
import { env } from '../config/env.ts';
import { clearSession, getAccessToken } from './auth-store.ts';
import { isSuccessBody, readErrorDetails, readSuccessMessage } from './envelope.ts';
import { toQueryString, type QueryParams } from './query-string.ts';
import { notifyError } from './toast.ts';

export const NETWORK_ERROR_MESSAGE = 'Network error, please try again';
export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from the server, please try again';

/** A failed call. `status` is 0 when no HTTP answer arrived (offline, DNS, aborted proxy). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined = undefined,
    readonly validation: ValidationResult[] = [],
  ) {
    super(message);
  }
}

export type RequestOptions<S extends z.ZodType> = {
  /** The contract of `data`; an answer that breaks it is an error, never silently used. */
  schema: S;
  body?: unknown;
  query?: QueryParams;
  /** Sends the stored bearer token; login, register, OTP verify and the upline lookup do not. */
  auth?: boolean;
  /** No toasts: for calls whose failure the screen explains itself (e.g. the upline hint). */
  silent?: boolean;
  /** Extra request headers, e.g. the `Idempotency-Key` of a money-moving POST. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type ApiResult<T> = { message: string; data: T };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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

/** One client for every call (seed-spec §7): JSON in and out, no timeout, envelope checked. */
export async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  { schema, body, query, auth = true, silent, headers: extraHeaders, signal }: RequestOptions<S>,
): Promise<ApiResult<z.output<S>>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getAccessToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    // A cancelled query is not a failure the member needs to hear about.
    if (signal?.aborted) throw cause;
    return fail(new ApiError(NETWORK_ERROR_MESSAGE, 0), [NETWORK_ERROR_MESSAGE], silent);
  }

  const payload = await readBody(response);
  if (!isSuccessBody(response.ok, payload)) {
    const { messages, code, validation } = readErrorDetails(payload, response.status);
    // Seed-spec §8: a 401 ends the session; protected routes notice and go to the root.
    if (response.status === 401) clearSession();
    return fail(
      new ApiError(messages.join('\n'), response.status, code, validation),
      messages,
      silent,
    );
  }

  const data = schema.safeParse(payload.data);
  if (!data.success) {
    return fail(
      new ApiError(UNEXPECTED_RESPONSE_MESSAGE, response.status),
      [UNEXPECTED_RESPONSE_MESSAGE],
      silent,
    );
  }
  return { message: readSuccessMessage(payload), data: data.data };
}

type Options<S extends z.ZodType> = Omit<RequestOptions<S>, 'body'>;

export const apiClient = {
  get: <S extends z.ZodType>(path: string, options: Options<S>) => request('GET', path, options),
  post: <S extends z.ZodType>(path: string, body: unknown, options: Options<S>) =>
    request('POST', path, { ...options, body }),
  put: <S extends z.ZodType>(path: string, body: unknown, options: Options<S>) =>
    request('PUT', path, { ...options, body }),
};

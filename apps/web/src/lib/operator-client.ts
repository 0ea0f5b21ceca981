import type { z } from 'zod';
import { apiClient, request, type SessionSource } from './api-client.ts';
import { endOperatorSessionIfCurrent, getOperatorToken } from './operator-session.ts';
import type { QueryParams } from './query-string.ts';

/** The console's calls carry the operator's token, and a 401 ends the operator's session only. */
export const operatorSession: SessionSource = {
  getToken: getOperatorToken,
  endIfCurrent: endOperatorSessionIfCurrent,
};

type Options<S extends z.ZodType> = {
  schema: S;
  query?: QueryParams;
  silent?: boolean;
  signal?: AbortSignal;
};

/** Paths are relative to /api/v1/operator/. */
const under = (path: string) => `operator/${path.replace(/^\/+/, '')}`;

/** The operator API's client: the member client's envelope, errors and toasts, another session. */
export const operatorApi = {
  get: <S extends z.ZodType>(path: string, options: Options<S>) =>
    request('GET', under(path), { ...options, session: operatorSession }),
  post: <S extends z.ZodType>(path: string, body: unknown, options: Options<S>) =>
    request('POST', under(path), { ...options, body, session: operatorSession }),
  patch: <S extends z.ZodType>(path: string, body: unknown, options: Options<S>) =>
    request('PATCH', under(path), { ...options, body, session: operatorSession }),
  put: <S extends z.ZodType>(path: string, body: unknown, options: Options<S>) =>
    request('PUT', under(path), { ...options, body, session: operatorSession }),
  delete: <S extends z.ZodType>(path: string, options: Options<S>) =>
    request('DELETE', under(path), { ...options, session: operatorSession }),
  /** A file (CSV) from the operator API. */
  download: (path: string, options: { accept: string; query?: QueryParams }) =>
    apiClient.download(under(path), { ...options, session: operatorSession }),
};

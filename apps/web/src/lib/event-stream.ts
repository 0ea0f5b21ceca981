import { env } from '../config/env.ts';
import { ApiError } from './api-error.ts';
import { endSessionIfCurrent, getAccessToken } from './auth-store.ts';

// Server-sent events read with fetch, so the session's bearer header goes with the request:
// EventSource can send no header, and the token must never travel in a URL (it would sit in
// logs and the browser's history). Used by the live price stream (features/market).

export type StreamEvent = { event: string; data: string };

type Options = {
  signal: AbortSignal;
  onEvent: (event: StreamEvent) => void;
  /** The server's `retry:` advice, in milliseconds. */
  onRetry?: (milliseconds: number) => void;
};

/** Splits a stream's text into events as they complete; comment lines (`: …`) are skipped. */
export function eventParser(onEvent: (event: StreamEvent) => void, onRetry?: (ms: number) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
  };
}

/**
 * Opens `path` (under the API base) and hands each event over until the server ends the stream
 * (resolves) or the connection fails (rejects). A 401 ends the session here, as the API client
 * does; every refusal rejects with an ApiError carrying the status.
 */
export async function readEventStream(path: string, { signal, onEvent, onRetry }: Options) {
  const token = getAccessToken();
  const response = await fetch(new URL(`${env.apiBasePath}${path}`, window.location.origin), {
    headers: {
      Accept: 'text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) {
    if (response.status === 401 && token) endSessionIfCurrent(token);
    throw new ApiError(`The stream answered ${response.status}`, response.status);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parse = eventParser(onEvent, onRetry);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parse(decoder.decode(value, { stream: true }));
  }
}

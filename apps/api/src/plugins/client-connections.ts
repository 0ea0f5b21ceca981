import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { AppError, errorCodes } from '../lib/errors.ts';

// Slow clients (decision 0034). Node's defaults let a client take 60 s for its headers and
// 300 s for its body, checked every 30 s, so a few dozen phones' worth of sockets trickling one
// byte at a time hold the server for minutes. The limits here are sized for a phone on a slow
// network, and one address may hold only so many connections.

const RETRY_AFTER_SECONDS = 5;
const TOO_MANY = 'Too many open connections from this address, please try again shortly';

/** The Fastify options that bound how long a request may take to arrive. */
export function requestTimeoutOptions(http: AppConfig['http']): Pick<
  FastifyServerOptions,
  'requestTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      // Node looks for expired requests only this often (30 s by default), which would let a
      // 10 s limit run to 40 s: look a few times per limit, never less than once a second.
      connectionsCheckingInterval: Math.max(
        25,
        Math.min(1_000, Math.floor(http.headersTimeoutMs / 4)),
      ),
    },
  };
}

/**
 * Caps what one client address holds. Without a trusted proxy every connection's peer is the
 * client: a connection over the cap gets a 429 in the API's envelope and is closed before any
 * request is read. Behind a proxy (TRUST_PROXY) every connection comes from the proxy, so the
 * client is known only from X-Forwarded-For once the headers are in: then the requests in
 * progress per forwarded address are counted (a body still arriving is one) and the one over
 * the cap is answered 429 before its body is read.
 */
export function registerConnectionLimit(
  app: FastifyInstance,
  config: Pick<AppConfig, 'trustProxy' | 'http'>,
): void {
  const max = config.http.maxConnectionsPerAddress;
  const open = new Map<string, number>();
  const take = (address: string): boolean => {
    const count = open.get(address) ?? 0;
    if (count >= max) return false;
    open.set(address, count + 1);
    return true;
  };
  const release = (address: string) => {
    const count = (open.get(address) ?? 1) - 1;
    if (count > 0) open.set(address, count);
    else open.delete(address);
  };

  if (config.trustProxy) {
    app.addHook('onRequest', async (request, reply) => {
      const address = request.ip;
      if (!take(address)) throw new AppError('RATE_LIMITED', TOO_MANY, retryAfter);
      // The response's 'close' comes once it is sent or its connection is gone, streamed and
      // hijacked responses included.
      reply.raw.once('close', () => release(address));
    });
    return;
  }
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (!take(address)) return refuse(socket);
    socket.once('close', () => release(address));
  });
}

const retryAfter = { 'retry-after': String(RETRY_AFTER_SECONDS) };

function refuse(socket: Socket): void {
  const body = JSON.stringify({ status: 'error', message: TOO_MANY, error: 'RATE_LIMITED' });
  socket.end(
    `HTTP/1.1 ${errorCodes.RATE_LIMITED} Too Many Requests\r\n` +
      `content-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `retry-after: ${RETRY_AFTER_SECONDS}\r\nconnection: close\r\n\r\n${body}`,
  );
  // A client that never reads must not keep even the refused socket.
  socket.setTimeout(RETRY_AFTER_SECONDS * 1_000, () => socket.destroy());
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  findMarketPair,
  klinesData,
  klinesQuery,
  marketPairsData,
  successEnvelope,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { currentMember } from '../../plugins/member-auth.ts';
import { ok } from '../../lib/reply.ts';
import { createBinanceProvider } from './binance.ts';
import { iconPath } from './icons.ts';
import { createMarketFeed } from './market-feed.ts';
import { createSimulatedProvider } from './simulated.ts';
import { createMarketStreams, RECONNECT_MS } from './stream.ts';
import { watchStreamSessions } from './stream-sessions.ts';

const tags = ['market'];

/**
 * The sixteen pairs' prices, candles and the live price stream (docs/decisions/0022-market-data.md).
 * One feed per API process: its poller asks the source once per interval for every stream.
 */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { market } = app.ctx.config;
  const { clock } = app.ctx;
  const feed = createMarketFeed({
    mode: market.mode,
    live: createBinanceProvider({ baseUrl: market.apiUrl, timeoutMs: market.timeoutMs }),
    simulated: createSimulatedProvider(),
    pollIntervalMs: market.pollIntervalMs,
    retryIntervalMs: market.retryIntervalMs,
    iconUrl: (pair) => iconPath(app.prefix, pair),
    log: app.log,
    // The app's clock times the cache and the fallback window: a test moves it, never waits.
    now: () => clock.now().getTime(),
  });
  const streams = createMarketStreams(feed, {
    caps: { perMember: market.streamsPerMember, perAddress: market.streamsPerAddress },
  });
  const stopWatching = watchStreamSessions(app, streams, market.streamCheckMs);
  // Before the server stops accepting: an open stream would otherwise hold the close forever.
  app.addHook('preClose', async () => {
    stopWatching();
    streams.closeAll();
    feed.close();
  });

  routes.get('/market/pairs', {
    schema: {
      tags,
      summary: 'The sixteen pairs with price, 24 h change, high, low and volume, and their source',
      response: { 200: successEnvelope(marketPairsData) },
    },
    handler: async () => ok(await feed.pairs()),
  });

  routes.get('/market/klines', {
    schema: {
      tags,
      summary: "A pair's latest 200 candles (intervals 1m, 15m, 1h, 4h, 1d), oldest first",
      querystring: klinesQuery,
      response: { 200: successEnvelope(klinesData) },
    },
    handler: async (request) => {
      const pair = findMarketPair(request.query.symbol);
      if (!pair) throw new AppError('NOT_FOUND', 'No such market pair');
      return ok(await feed.klines(pair, request.query.interval));
    },
  });

  routes.get('/market/stream', {
    schema: {
      tags,
      summary: 'Server-sent events: a `pairs` event (the data of GET market/pairs) per poll',
      description:
        'Read with fetch and the bearer header (EventSource cannot send one). The first event ' +
        'carries the latest figures; a comment line every 20 s keeps the stream open; the ' +
        'server ends a stream after 10 minutes and the client reconnects (its session is ' +
        'checked again then). A stream ends when its session does (sign-out, password change, ' +
        'block, idle expiry). A member may hold a few streams at once, an address a few more: ' +
        'the one over a cap is refused with 429 and Retry-After.',
      produces: ['text/event-stream'],
      response: { 200: z.string().describe('text/event-stream of `pairs` events') },
    },
    handler: (request, reply) => {
      const { sessionId, memberId } = currentMember(request);
      const owner = { sessionId, memberId, address: request.ip };
      const refused = streams.refusal(owner);
      if (refused) throw streamRefusal(refused, market);
      reply.hijack();
      // The headers the hooks set (security, request id), which a hijacked reply does not send.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Tells nginx-style proxies not to buffer the stream.
        'x-accel-buffering': 'no',
        // The socket goes with the stream: an ended stream (aged out, or the server stopping)
        // leaves no idle connection behind for a shutdown to wait on.
        connection: 'close',
      });
      reply.raw.write(`retry: ${RECONNECT_MS}\n\n`);
      streams.open(reply.raw, owner);
      request.log.debug({ streams: streams.count() }, 'market stream opened');
    },
  });
}

/**
 * Over a cap the new stream is refused, not the oldest closed: a closed tab would reconnect
 * and close the next one, round and round, and behind a shared address one member could push
 * out another's. The browser tries again after Retry-After.
 */
function streamRefusal(
  cap: 'member' | 'address',
  market: { streamsPerMember: number; streamsPerAddress: number },
): AppError {
  const message =
    cap === 'member'
      ? `Too many price streams are open for this account (at most ${market.streamsPerMember}); close another tab or try again shortly`
      : `Too many price streams are open from this address (at most ${market.streamsPerAddress}); try again shortly`;
  return new AppError('RATE_LIMITED', message, { 'retry-after': String(STREAM_RETRY_AFTER_S) });
}

/** How long a refused stream's browser waits before asking again. */
const STREAM_RETRY_AFTER_S = 30;

import type { ServerResponse } from 'node:http';
import type { MarketPairsData } from '@app/contracts';
import type { MarketFeed } from './market-feed.ts';

// The browsers' price streams (server-sent events). The hub is the feed's one subscriber while
// any stream is open: each poll's figures are serialised once and the same frame is written to
// every stream. A stream whose socket is full skips frames and gets the newest one when it
// drains (only the latest prices matter), so a slow phone never makes the server queue for it.

/** A comment line every so often keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/**
 * A stream ends after this long and the browser opens another: its session is checked again
 * then, so a signed-out or expired session stops receiving within this time.
 */
export const STREAM_MAX_AGE_MS = 10 * 60_000;
/** How long the browser waits before reconnecting after a stream ends. */
export const RECONNECT_MS = 3_000;

/** Who a stream is for: the caps count by member and by client address. */
export type StreamOwner = { sessionId: string; memberId: string; address: string };

export type StreamCaps = { perMember: number; perAddress: number };

type Client = {
  owner: StreamOwner;
  response: ServerResponse;
  congested: boolean;
  missed: boolean;
  ends: NodeJS.Timeout;
};

export type MarketStreams = {
  /** Why `owner` may not open another stream now (a cap is reached), or null. */
  refusal: (owner: StreamOwner) => 'member' | 'address' | null;
  /** Streams `response` (headers already written) until the client leaves or the stream ages out. */
  open: (response: ServerResponse, owner: StreamOwner) => void;
  count: () => number;
  /** The sessions streams are open for. */
  sessionIds: () => string[];
  /** Ends the streams whose owner matches (their session ended). */
  endWhere: (matches: (owner: StreamOwner) => boolean) => number;
  closeAll: () => void;
};

export const pairsFrame = (data: MarketPairsData, id: number) =>
  `id: ${id}\nevent: pairs\ndata: ${JSON.stringify(data)}\n\n`;

export function createMarketStreams(
  feed: MarketFeed,
  {
    heartbeatMs = HEARTBEAT_MS,
    maxAgeMs = STREAM_MAX_AGE_MS,
    caps = { perMember: Infinity, perAddress: Infinity } as StreamCaps,
  } = {},
): MarketStreams {
  const clients = new Set<Client>();
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let lastFrame = '';
  let frames = 0;

  function write(client: Client, frame: string): void {
    if (client.congested) {
      client.missed = true;
      return;
    }
    if (client.response.write(frame)) return;
    client.congested = true;
    client.response.once('drain', () => {
      client.congested = false;
      if (client.missed) {
        client.missed = false;
        write(client, lastFrame);
      }
    });
  }

  function broadcast(data: MarketPairsData): void {
    frames += 1;
    lastFrame = pairsFrame(data, frames);
    for (const client of clients) write(client, lastFrame);
  }

  function leave(client: Client): void {
    if (!clients.delete(client)) return;
    clearTimeout(client.ends);
    if (clients.size > 0) return;
    unsubscribe?.();
    unsubscribe = null;
    lastFrame = '';
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  function endWhere(matches: (owner: StreamOwner) => boolean): number {
    const ending = [...clients].filter((client) => matches(client.owner));
    for (const client of ending) {
      client.response.end();
      leave(client);
    }
    return ending.length;
  }

  const countWhere = (matches: (owner: StreamOwner) => boolean) => {
    let count = 0;
    for (const client of clients) if (matches(client.owner)) count += 1;
    return count;
  };

  return {
    refusal(owner) {
      if (countWhere((other) => other.memberId === owner.memberId) >= caps.perMember)
        return 'member';
      if (countWhere((other) => other.address === owner.address) >= caps.perAddress)
        return 'address';
      return null;
    },
    open(response, owner) {
      const client: Client = {
        owner,
        response,
        congested: false,
        missed: false,
        ends: setTimeout(() => response.end(), maxAgeMs),
      };
      clients.add(client);
      response.on('close', () => leave(client));
      if (response.destroyed) return leave(client);
      if (lastFrame) write(client, lastFrame);
      heartbeat ??= setInterval(() => {
        for (const each of clients) write(each, ': keep-alive\n\n');
      }, heartbeatMs);
      // The first stream subscribes (and gets the latest figures at once, if any).
      unsubscribe ??= feed.subscribe(broadcast);
    },
    count: () => clients.size,
    sessionIds: () => [...new Set([...clients].map((client) => client.owner.sessionId))],
    endWhere,
    closeAll: () => void endWhere(() => true),
  };
}

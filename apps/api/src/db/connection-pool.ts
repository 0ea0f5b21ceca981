import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

// The request pool (decision 0039): what health reports of it, the reserve that keeps reads
// answering while writes wait on a held row (decision 0041), and the listener every pool needs.

export type PoolUsage = {
  /** Connections the pool may open, the reserve for reads included. */
  size: number;
  /** Connections checked out now. */
  inUse: number;
  /** Requests waiting for a connection. */
  waiting: number;
};

export type RequestPool = { pool: pg.Pool; usage: () => PoolUsage };

/** A pool this small keeps every connection for all requests: a reserve would starve the rest. */
const SMALLEST_POOL_WITH_RESERVE = 10;
/** The share of the connections kept for reads: a fifth. */
const RESERVE_DIVISOR = 5;

/** How many of `size` connections only reads (GET and HEAD requests) may use. */
export const readReserveOf = (size: number) =>
  size >= SMALLEST_POOL_WITH_RESERVE ? Math.floor(size / RESERVE_DIVISOR) : 0;

// Set for the whole of a GET or HEAD request by the hook of runAsRead; everything else (other
// requests, scheduled runs, start-up) has no store and uses the main pool.
const readRequests = new AsyncLocalStorage<true>();

/** Runs `next`, and everything it leads to, as a read: its queries may take the reserve. */
export const runAsRead = (next: () => void) => readRequests.run(true, next);

/**
 * A pg.Pool (drizzle checks for one) over two pools: the main one, which every request and run
 * uses, and a reserve that only reads (GET and HEAD requests) take, and only while the main one
 * has no connection to give. Writes that queue behind a held row (each waits up to
 * lock_timeout) can fill the main pool, four fifths of the connections; reads, which never wait
 * on row locks, then still find one, so health and a member's screens answer at once instead of
 * after the timeout. Otherwise reads share the main pool with everything else.
 */
class ReadReservePool extends pg.Pool {
  constructor(
    private readonly main: pg.Pool,
    private readonly mainSize: number,
    private readonly reserve: pg.Pool,
  ) {
    // Never connects itself: every call goes to one of the two.
    super({ max: 1 });
  }

  private pick(): pg.Pool {
    if (!readRequests.getStore()) return this.main;
    const main = this.main;
    const mainHasRoom =
      main.waitingCount === 0 && (main.idleCount > 0 || main.totalCount < this.mainSize);
    return mainHasRoom ? main : this.reserve;
  }

  // pg's overloads (promise or callback) pass through untouched to the chosen pool.
  override connect: pg.Pool['connect'] = ((...args: unknown[]) =>
    (this.pick().connect as (...a: unknown[]) => unknown)(...args)) as pg.Pool['connect'];

  override query: pg.Pool['query'] = ((...args: unknown[]) =>
    (this.pick().query as (...a: unknown[]) => unknown)(...args)) as pg.Pool['query'];

  override async end(): Promise<void> {
    await Promise.all([this.main.end(), this.reserve.end()]);
  }
}

/**
 * The request pool of `config.max` connections, a fifth of them (from ten up) kept for reads
 * the rest cannot serve, and how many are in use or awaited right now.
 */
export function openRequestPool(config: pg.PoolConfig & { max: number }): RequestPool {
  const reserveSize = readReserveOf(config.max);
  const mainSize = config.max - reserveSize;
  const main = openPool({ ...config, max: mainSize });
  const reserve = reserveSize > 0 ? openPool({ ...config, max: reserveSize }) : null;
  const pool = reserve ? new ReadReservePool(main, mainSize, reserve) : main;
  return {
    pool,
    usage: () => {
      const pools = reserve ? [main, reserve] : [main];
      return {
        size: config.max,
        inUse: pools.reduce((sum, one) => sum + one.totalCount - one.idleCount, 0),
        waiting: pools.reduce((sum, one) => sum + one.waitingCount, 0),
      };
    },
  };
}

export function openPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle connection the server closed (restart, failover, an idle-in-transaction timeout) is
  // dropped by the pool and the next query opens a new one; unheard, the error ends the process.
  pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
  return pool;
}

import pg from 'pg';
import { POOL_SATURATED_MESSAGE } from '../lib/database-failures.ts';

// The request pool (decision 0039). Transactions are what wait on row locks: thirty confirms of
// one locked deposit held all twenty connections and health, sign-in and balances queued behind
// them. So transactions may hold all but a reserve of the connections; single statements (pg's
// own `pool.query`: health, reads, session checks, idempotency keys) may use every one, the
// reserve included, and never wait behind a row lock's queue.

export type PoolUsage = {
  /** Connections the pool may open. */
  size: number;
  /** Connections checked out now. */
  inUse: number;
  /** Requests waiting for a connection (or for a transaction's turn). */
  waiting: number;
};

export type RequestPool = { pool: pg.Pool; usage: () => PoolUsage };

/** Connections kept from transactions: a fifth of the pool, at least one. */
export const reservedForStatements = (size: number): number =>
  size < 2 ? 0 : Math.max(1, Math.floor(size / 5));

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

/** A counting gate: at most `limit` holders; a waiter gives up after `timeoutMs`. */
export function createGate(limit: number, timeoutMs: number) {
  let holders = 0;
  const queue: Waiter[] = [];
  const leave = () => {
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    } else holders -= 1;
  };
  return {
    waiting: () => queue.length,
    /** Resolves with the function that lets the next one in, to be called exactly once. */
    enter: (): Promise<() => void> => {
      const once = () => {
        let left = false;
        return () => {
          if (!left) {
            left = true;
            leave();
          }
        };
      };
      if (holders < limit) {
        holders += 1;
        return Promise.resolve(once());
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          admit: () => resolve(once()),
          timer: setTimeout(() => {
            queue.splice(queue.indexOf(waiter), 1);
            reject(new Error(POOL_SATURATED_MESSAGE));
          }, timeoutMs),
        };
        queue.push(waiter);
      });
    },
  };
}

/**
 * A pool whose `connect()` without a callback (how drizzle opens a transaction) first takes a
 * turn at the gate and gives it back when the client is released. `pool.query` checks out with a
 * callback and passes straight through.
 */
export function openRequestPool(config: pg.PoolConfig & { max: number }): RequestPool {
  const pool = openPool(config);
  const timeoutMs = config.connectionTimeoutMillis ?? 0;
  const gate = createGate(config.max - reservedForStatements(config.max), timeoutMs || 2 ** 31 - 1);
  const checkout = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  pool.connect = ((callback?: unknown) => {
    if (callback) return checkout(callback);
    return gate.enter().then(async (leave) => {
      try {
        const client = await checkout();
        const release = client.release.bind(client);
        client.release = (error?: Error | boolean) => {
          leave();
          release(error);
        };
        return client;
      } catch (error) {
        leave();
        throw error;
      }
    });
  }) as typeof pool.connect;
  return {
    pool,
    usage: () => ({
      size: config.max,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount + gate.waiting(),
    }),
  };
}

export function openPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle connection the server closed (restart, failover, an idle-in-transaction timeout) is
  // dropped by the pool and the next query opens a new one; unheard, the error ends the process.
  pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
  return pool;
}

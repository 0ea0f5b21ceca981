import pg from 'pg';

// The request pool (decision 0039): what health reports of it, and the listener every pool needs.

export type PoolUsage = {
  /** Connections the pool may open. */
  size: number;
  /** Connections checked out now. */
  inUse: number;
  /** Requests waiting for a connection. */
  waiting: number;
};

export type RequestPool = { pool: pg.Pool; usage: () => PoolUsage };

/** The request pool, and how many of its connections are in use or awaited right now. */
export function openRequestPool(config: pg.PoolConfig & { max: number }): RequestPool {
  const pool = openPool(config);
  return {
    pool,
    usage: () => ({
      size: config.max,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
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

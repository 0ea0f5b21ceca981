import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/platform.ts';
import type { Clock } from '../lib/clock.ts';

// The lock on an Idempotency-Key is a lease the running request keeps renewing, a third of the
// lease at a time. A process that dies stops renewing, and a retry takes the key over once the
// lease runs out: seconds after a crash, not the minute a fixed lock used to hold it. The
// lease's end doubles as a fencing token: a renewal and the final store only touch the row while
// it still carries this holder's `locked_until`, so a holder that lost the key (it stalled past
// its lease and a retry took over) never overwrites the new holder's row.

export type Lease = {
  /** This holder's current lease end, as stored in the row. */
  until: () => Date;
  /** Stops renewing, after any renewal in flight; false once the key was taken over. */
  stop: () => Promise<boolean>;
};

export function keepLease(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  scope: string;
  key: string;
  lockedUntil: Date;
  leaseMs: number;
}): Lease {
  const { db, clock, log, scope, key, leaseMs } = options;
  let until = options.lockedUntil;
  let held = true;
  let renewing: Promise<void> = Promise.resolve();

  const renew = async () => {
    const next = new Date(clock.now().getTime() + leaseMs);
    const renewed = await db
      .update(idempotencyKeys)
      .set({ lockedUntil: next })
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.state, 'processing'),
          eq(idempotencyKeys.lockedUntil, until),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (renewed.length > 0) until = next;
    else {
      held = false;
      clearInterval(timer);
      log.warn({ idempotencyKey: key }, 'idempotency lease lost: a retry took the key over');
    }
  };
  const timer = setInterval(
    () => {
      renewing = renewing.then(renew).catch((error: unknown) => {
        // The database away for a moment: the next beat tries again within the lease.
        log.warn({ err: error }, 'idempotency lease not renewed');
      });
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  timer.unref();

  return {
    until: () => until,
    stop: async () => {
      clearInterval(timer);
      await renewing;
      return held;
    },
  };
}

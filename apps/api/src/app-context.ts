import type { AppConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';

/** What every module gets from buildApp: no module opens its own connections or clocks. */
export type AppContext = {
  config: AppConfig;
  database: Database;
  clock: Clock;
  mailer: Mailer;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges only interfaces
  interface FastifyInstance {
    ctx: AppContext;
  }
}

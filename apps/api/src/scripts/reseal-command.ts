import { ConfigError, loadConfig, type AppConfig } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import type { ResealOptions, ResealReport } from '../core/reseal-in-batches.ts';
import type { SealingKeys } from '../lib/sealed-secrets.ts';

// The maintenance command that ends a key rotation (member files, decision 0055; authenticator
// secrets, decisions 0045 and 0049): run once every instance has the new key and the old one in
// the store's *_PREVIOUS_KEYS. It connects as the app's scheduled runs do: the start's
// migrations, then the request role, which may update the sealed rows (decision 0030), with the
// runs' longer timeouts per batch (decision 0039). Each store is re-sealed by its own command
// (reseal-stores.ts), so rotating one key never needs the other.

/** A store of sealed rows whose key rotates, and how the command speaks of it. */
export type ResealStore<Kind extends string> = {
  /** The current key's variable: it must be set here, whatever the configuration's fallback. */
  keyVariable: string;
  previousKeysVariable: string;
  keysOf: (config: AppConfig) => SealingKeys | null;
  reseal: (db: Db, keys: SealingKeys, options: ResealOptions) => Promise<ResealReport<Kind>>;
  /** Each kind of row as the report counts it ("7 files"). */
  labels: Record<Kind, string>;
  /** Rows per transaction. */
  batchSize: number;
};

export type ResealIo = {
  /** Opens the database the way the server's start does. */
  open: (config: AppConfig) => Promise<Database>;
  /** One line of the report, for the operator. */
  print: (line: string) => void;
  /** Stops after the batch in progress (Ctrl+C). */
  signal?: AbortSignal;
};

/**
 * Re-seals what a previous key of `store` sealed and says what moved and what remains. Returns
 * the exit code: 0 once nothing is left under an old key (the old key may then go), 1 otherwise.
 */
export async function resealCommand<Kind extends string>(
  store: ResealStore<Kind>,
  env: NodeJS.ProcessEnv,
  io: ResealIo,
): Promise<number> {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.print(error.message);
    return 1;
  }
  // Outside production the configuration falls back to a key everyone knows: moving rows under
  // it would undo the rotation, so the key must be given here.
  const keys = env[store.keyVariable]?.trim() ? store.keysOf(config) : null;
  if (!keys) {
    io.print(
      `Refused: ${store.keyVariable} is not set. Set it to the new key (and the old one in ${store.previousKeysVariable}), as on every instance; a development key never stands in here.`,
    );
    return 1;
  }
  const database = await io.open(config);
  try {
    const report = await store.reseal(database.db, keys, {
      batchSize: store.batchSize,
      limits: config.databaseLimits.jobs,
      signal: io.signal,
    });
    printReport(store, report, io.print);
    return total(report.remaining) === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

const total = (counts: Record<string, number>) =>
  Object.values(counts).reduce((sum, rows) => sum + rows, 0);

function printReport<Kind extends string>(
  store: ResealStore<Kind>,
  report: ResealReport<Kind>,
  print: (line: string) => void,
) {
  const kinds = Object.keys(store.labels) as Kind[];
  const counted = (counts: Record<Kind, number>) =>
    kinds.map((kind) => `${counts[kind]} ${store.labels[kind]}`).join(', ');
  const { moved, remaining, unconfigured } = report;
  print(`Moved to the current key (${report.keyId}): ${counted(moved)}.`);
  print(`Remaining under another key: ${counted(remaining)}.`);
  if (total(unconfigured) > 0)
    print(
      `Of those, ${counted(unconfigured)} are under a key that is neither ${store.keyVariable} nor in ${store.previousKeysVariable}: add that key and run again.`,
    );
  if (total(remaining) > total(unconfigured))
    print(
      'Rows under a previous key remain (the run was stopped, another run held them, or an instance still seals with the old key): run again.',
    );
  if (total(remaining) === 0) print('Nothing is sealed under an old key: it may be removed.');
}

import { ConfigError, loadConfig, type AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { memberFileKeysOf, resealMemberFiles } from '../core/member-files/index.ts';

// The maintenance command that ends a rotation of MEMBER_FILES_KEY (decision 0055): run once
// every instance has the new key and the old one in MEMBER_FILES_PREVIOUS_KEYS. It connects as
// the app's scheduled runs do: the start's migrations, then the request role, which may update
// the sealed rows (decision 0030), with the runs' longer timeouts per batch (decision 0039).

/** Files per transaction: at most 10 MB each, so a batch holds at most about 100 MB. */
export const RESEAL_BATCH_SIZE = 10;

export type ResealIo = {
  /** Opens the database the way the server's start does. */
  open: (config: AppConfig) => Promise<Database>;
  /** One line of the report, for the operator. */
  print: (line: string) => void;
  /** Stops after the batch in progress (Ctrl+C). */
  signal?: AbortSignal;
};

const MISSING_KEY =
  'Refused: MEMBER_FILES_KEY is not set. Set it to the new key (and the old one in MEMBER_FILES_PREVIOUS_KEYS), as on every instance; a development key never stands in here.';

/**
 * Re-seals what a previous key sealed and says what moved and what remains. Returns the exit
 * code: 0 once nothing is left under an old key (the old key may then go), 1 otherwise.
 */
export async function resealCommand(env: NodeJS.ProcessEnv, io: ResealIo): Promise<number> {
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.print(error.message);
    return 1;
  }
  // Outside production the configuration falls back to a key everyone knows: moving members'
  // files under it would undo the rotation, so the key must be given here.
  const keys = env.MEMBER_FILES_KEY?.trim() ? memberFileKeysOf(config) : null;
  if (!keys) {
    io.print(MISSING_KEY);
    return 1;
  }
  const database = await io.open(config);
  try {
    const report = await resealMemberFiles(database.db, keys, {
      batchSize: RESEAL_BATCH_SIZE,
      limits: config.databaseLimits.jobs,
      signal: io.signal,
    });
    const { moved, remaining, unconfigured } = report;
    io.print(
      `Moved to the current key (${report.keyId}): ${moved.files} files, ${moved.details} submissions' details.`,
    );
    io.print(
      `Remaining under another key: ${remaining.files} files, ${remaining.details} submissions' details.`,
    );
    if (unconfigured.files + unconfigured.details > 0)
      io.print(
        `Of those, ${unconfigured.files} files and ${unconfigured.details} details are under a key that is neither MEMBER_FILES_KEY nor in MEMBER_FILES_PREVIOUS_KEYS: add that key and run again.`,
      );
    const left = remaining.files + remaining.details;
    if (left > unconfigured.files + unconfigured.details)
      io.print(
        'Rows under a previous key remain (the run was stopped, another run held them, or an instance still seals with the old key): run again.',
      );
    if (left === 0) io.print('Nothing is sealed under an old key: it may be removed.');
    return left === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

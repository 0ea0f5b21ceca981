import { resolve } from 'node:path';
import { createLogger, logFormatOf } from '../lib/logger.ts';
import { openDatabaseAtStart, StartRefused } from '../start-database.ts';
import { resealCommand, type ResealStore } from './reseal-command.ts';

/**
 * Runs the re-seal command of `store` as an npm script: on this process's environment, printing
 * to stdout, setting the exit code. Ctrl+C (or SIGTERM) stops it after the batch in progress;
 * run it again to go on.
 */
export async function runResealScript<Kind extends string>(store: ResealStore<Kind>) {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());

  // npm runs a workspace's script in the workspace's folder: the embedded database's DATA_DIR is
  // taken from where the command was typed, as `npm start` takes it, not from apps/api.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');

  try {
    process.exitCode = await resealCommand(
      store,
      { ...process.env, DATA_DIR: dataDir },
      {
        open: (config) =>
          openDatabaseAtStart(
            config,
            createLogger({
              level: config.logLevel,
              format: logFormatOf(config.env, process.stdout.isTTY === true),
            }),
          ),
        print: (line) => process.stdout.write(`${line}\n`),
        signal: stop.signal,
      },
    );
  } catch (error) {
    if (!(error instanceof StartRefused)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

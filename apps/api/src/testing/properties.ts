import fc from 'fast-check';

export type PropertyRun = {
  /** The prefix of its environment variables: `<NAME>_RUNS`, `<NAME>_SEED`, `<NAME>_PATH`. */
  name: string;
  /** Cases when `<NAME>_RUNS` is not set. */
  runs: number;
  /** Stop generating new cases after this long (a slow machine runs fewer, never times out). */
  timeLimitMs: number;
};

/**
 * Runs a fast-check property with its number of cases, seed and path from the environment; a
 * failure throws with the seed and path that replay it: `<NAME>_SEED=<seed> <NAME>_PATH=<path>`.
 */
export async function assertProperty<T>(
  property: fc.IAsyncProperty<[T]>,
  run: PropertyRun,
): Promise<void> {
  const variable = (suffix: string) => process.env[`${run.name}_${suffix}`];
  try {
    await fc.assert(property, {
      numRuns: Number(variable('RUNS') ?? run.runs),
      seed: variable('SEED') === undefined ? undefined : Number(variable('SEED')),
      path: variable('PATH'),
      interruptAfterTimeLimit: run.timeLimitMs,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Property failed. Replay with ${run.name}_SEED and ${run.name}_PATH from:\n${message}`,
      { cause: error },
    );
  }
}

// What every server benchmark starts with: the PostgreSQL server it may use, and a bound on its time.

/**
 * The server of BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one; 127.0.0.1 only.
 * It also becomes TEST_DATABASE_URL, which the API's test helpers read when they load, so import
 * them (dynamically) after calling this.
 */
export function benchDatabaseUrl(): string {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname))
    throw new Error(`benchmarks run against 127.0.0.1 only, not ${hostname}`);
  process.env.TEST_DATABASE_URL = url;
  return url;
}

/** Ends the process if the benchmark is still running after `minutes`: a stuck database must not hang it. */
export function stopAfter(name: string, minutes: number): void {
  setTimeout(() => {
    console.error(`${name} took longer than ${minutes} minutes; stopping`);
    process.exit(2);
  }, minutes * 60_000).unref();
}

// Where a benchmark's CPU goes, from Linux's /proc: this Node process, the PostgreSQL backends
// serving the benchmark's own database (found by their command line, which names the database),
// and the whole machine, so a run on a shared machine says how much of it was someone else's.
import { loadavg } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

type Sample = {
  node: number;
  /** CPU seconds per backend pid, so that backends ending or starting meanwhile count right. */
  backends: Map<number, number>;
  others: number;
  machineBusy: number;
  machineTotal: number;
};

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
function processSeconds(stat: string): number {
  // Fields after "(comm)": state is the 1st, utime the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds used so far by each PostgreSQL backend whose command line names `database`. */
function backendSeconds(database: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      seconds.set(Number(pid), processSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // The backend ended between listing and reading: its time is lost either way.
    }
  }
  return seconds;
}

/**
 * The backends' CPU between two samples: each backend alive at the end counts its time since the
 * start (all of it if it started since). A backend that ended meanwhile (a pool closing an idle
 * connection) loses its last seconds instead of taking its whole past off the sum.
 */
function backendsBetween(start: Map<number, number>, end: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, used] of end) seconds += used - (start.get(pid) ?? 0);
  return seconds;
}

/** CPU seconds used so far by the given processes (e.g. API servers the bench started). */
function processesSeconds(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + processSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return sum;
    }
  }, 0);
}

function sample(database: string, pids: readonly number[]): Sample {
  const [busy, total] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number)
    .reduce(
      ([busySum, totalSum], value, index) => [
        busySum + (index === 3 || index === 4 ? 0 : value), // idle and iowait are not busy
        totalSum + value,
      ],
      [0, 0],
    );
  const node = process.cpuUsage();
  return {
    node: (node.user + node.system) / 1e6,
    backends: backendSeconds(database),
    others: processesSeconds(pids),
    machineBusy: busy / TICKS_PER_SECOND,
    machineTotal: total / TICKS_PER_SECOND,
  };
}

/**
 * Starts measuring; the returned function describes the CPU spent per operation since then.
 * `servers` are further processes to count (the API processes of an HTTP run).
 */
export function measureCpu(
  database: string,
  servers: readonly number[] = [],
): (operations: number) => string {
  if (process.platform !== 'linux') return () => 'CPU: not measured (needs Linux /proc)';
  const start = sample(database, servers);
  return (operations) => {
    const end = sample(database, servers);
    const perOperation = (seconds: number) => ((seconds / operations) * 1000).toFixed(2);
    const busyShare =
      (end.machineBusy - start.machineBusy) / (end.machineTotal - start.machineTotal);
    return (
      `CPU per operation: PostgreSQL backends ${perOperation(backendsBetween(start.backends, end.backends))} ms, ` +
      `${servers.length > 0 ? `API process(es) ${perOperation(end.others - start.others)} ms, ` : ''}` +
      `this Node process ${perOperation(end.node - start.node)} ms; machine ${(busyShare * 100).toFixed(0)} % busy, ` +
      `load average ${loadavg()[0]!.toFixed(1)}`
    );
  };
}

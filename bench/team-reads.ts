// The team's reads for a leader with a million members below (team-data.ts), over HTTP through a
// real API process on a fresh PostgreSQL database, 127.0.0.1 only: GET auth/team-info, the direct
// referrals and pages of the level list, one request at a time for latency (p50, p99) and then
// several at once for throughput. Every answer is checked against the generated team's shape.
// Usage: npm run bench:team-reads -w bench   (BENCH_TEAM_SIZE=1000000, BENCH_REQUESTS=500)
import { Agent, request } from 'node:http';
import { benchDatabaseUrl, stopAfter } from './bench-database.ts';
import { BENCH_BRANCHING, BENCH_WEEK_START, generateTeam, leaderOf } from './team-data.ts';

benchDatabaseUrl();
stopAfter('bench:team-reads', 20);
const members = Number(process.env.BENCH_TEAM_SIZE ?? 1_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 500);
const inFlight = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BRANCHING = BENCH_BRANCHING;

const WEEK_START = BENCH_WEEK_START;
const NOW = new Date('2026-11-24T12:00:00Z');

const { createServerTestDatabase } = await import('../apps/api/src/testing/database.ts');
const { loadCurrentPlan } = await import('../apps/api/src/core/plan.ts');
const { createSession } = await import('../apps/api/src/core/sessions/member-sessions.ts');
const { startApiProcesses } = await import('../apps/api/src/testing/api-processes.ts');

/** Members on each level below member 1 of the numbered tree (levels 1–10). */
function levelSizes(): number[] {
  const sizes: number[] = [];
  let first = 2; // the first member number of the level
  for (let level = 1, width = BRANCHING; level <= 10 && first <= members; level++) {
    sizes.push(Math.min(width, members - first + 1));
    first += width;
    width *= BRANCHING;
  }
  return sizes;
}

type Answer = { status: number; body: { data: Record<string, unknown> } };

function get(agent: Agent, url: string, token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const database = await createServerTestDatabase(4);
try {
  const plan = await loadCurrentPlan(database.db);
  const started = performance.now();
  // Bulk-loaded by the owner: the request role may not write the ledger's tables (decision 0030).
  await database.asOwner((owner) =>
    generateTeam(
      owner,
      { members, branching: BRANCHING, weekStart: WEEK_START },
      plan.settings.ranks,
    ),
  );
  console.log(
    `\n${members.toLocaleString('en')} members generated in ${((performance.now() - started) / 1000).toFixed(1)} s (${BRANCHING} directs each); the leader has ${(members - 1).toLocaleString('en')} below`,
  );
  const leader = await leaderOf(database.db);
  const token = await createSession(database.db, {
    memberId: leader,
    now: NOW,
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  const sizes = levelSizes();
  const deepest = sizes.length;
  const servers = await startApiProcesses({ count: 1, databaseUrl: database.url, appNow: NOW });
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const base = `${servers.processes[0]!.baseUrl}/api/v1`;
  try {
    // Each read with the check that it answered the team it was given.
    const reads: {
      label: string;
      path: string;
      check: (data: Record<string, unknown>) => boolean;
    }[] = [
      {
        label: 'auth/team-info',
        path: 'auth/team-info',
        check: (data) => data.total === members - 1 && data.direct === BRANCHING,
      },
      {
        label: 'auth/refer-list (page 1 of 20)',
        path: 'auth/refer-list?page=1&pageSize=20',
        check: (data) => data.total === BRANCHING,
      },
      {
        label: `level list, level ${deepest - 1} page 1 (20 of ${sizes[deepest - 2]!.toLocaleString('en')})`,
        path: `team/level-members?level=${deepest - 1}&page=1&pageSize=20`,
        check: (data) =>
          data.total === sizes[deepest - 2] && (data.data as unknown[]).length === 20,
      },
      {
        label: `level list, level ${deepest} page 1 (20 of ${sizes[deepest - 1]!.toLocaleString('en')})`,
        path: `team/level-members?level=${deepest}&page=1&pageSize=20`,
        check: (data) =>
          data.total === sizes[deepest - 1] && (data.data as unknown[]).length === 20,
      },
      {
        label: `level list, level ${deepest} page 50`,
        path: `team/level-members?level=${deepest}&page=50&pageSize=20`,
        check: (data) => (data.data as unknown[]).length === 20,
      },
      {
        label: `level list, level ${deepest}, search by Registered ID`,
        path: `team/level-members?level=${deepest}&page=1&pageSize=20&q=TEAM${members}`,
        check: (data) => data.total === 1,
      },
    ];
    console.log(`one request at a time, ${requests} each (after 20 to warm up), one API process:`);
    for (const read of reads) {
      const url = `${base}/${read.path}`;
      for (let warm = 0; warm < 20; warm++) await get(agent, url, token);
      const times: number[] = [];
      for (let index = 0; index < requests; index++) {
        const sent = performance.now();
        const answer = await get(agent, url, token);
        times.push(performance.now() - sent);
        if (answer.status !== 200 || !read.check(answer.body.data))
          throw new Error(
            `${read.label} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${read.label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
      );
    }
    // Throughput of the two the dashboard and the level screen open with.
    for (const read of [reads[0]!, reads[3]!]) {
      const url = `${base}/${read.path}`;
      const times: number[] = [];
      let next = 0;
      const total = requests * 4;
      const sent = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next++ < total) {
            const start = performance.now();
            const answer = await get(agent, url, token);
            times.push(performance.now() - start);
            if (answer.status !== 200) throw new Error(`${read.label} answered ${answer.status}`);
          }
        }),
      );
      const seconds = (performance.now() - sent) / 1000;
      times.sort((a, b) => a - b);
      console.log(
        `  ${inFlight} at once, ${read.label}: ${(total / seconds).toFixed(0)} requests/s, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
    console.log('target: p99 under 20 ms for team-info and the level list, one request at a time');
  } finally {
    agent.destroy();
    await servers.stop();
  }
} finally {
  await database.close();
}

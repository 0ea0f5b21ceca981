// Claim and buy throughput of the use cases themselves (no HTTP) on a fresh PostgreSQL database,
// 127.0.0.1 only, bounded in time. Members buy 3 packages each some days ago, then all claim at
// once with a bounded number in flight; pgbench (if installed) gives the machine's yardstick.
// Then the same members claim the next day's accrual through a real API process over HTTP
// (Fastify, zod, the session lookup), the whole request path, with the bench as the HTTP client.
// With --team (npm run bench:team-claims -w bench) the members form one team (claims-team.ts), so
// every claim also records the team profit of its 10 upline levels; the incomes are held to the
// plan's figures and credited by the settlement, whose rate is measured too.
// Usage: npm run bench:claims -w bench   (BENCH_DATABASE_URL or TEST_DATABASE_URL to choose the server)
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { Db } from '../apps/api/src/db/client.ts';
import { measureCpu } from './cpu.ts';
import {
  addLevels,
  checkIncomeExpenses,
  checkTeamProfit,
  expectedTeamProfit,
  measureSettlement,
  rootsShape,
  SETTLEMENT_BATCH,
  settleAll,
  teamShape,
  totalOf,
} from './claims-team.ts';
import { benchDatabaseUrl } from './bench-database.ts';
import { runPgbench } from './pgbench.ts';

// The 127.0.0.1 server to use; it becomes TEST_DATABASE_URL, hence the late imports below.
const databaseUrl = benchDatabaseUrl();
// 6,000 members: the claim round then lasts about 6 s, long enough that ramp-up and tail don't
// dominate the rate (2,000 gave a 2 s window and figures 5-10 % lower).
const members = Number(process.env.BENCH_MEMBERS ?? 6_000);
// 8 in flight, like pgbench's -c 8 beside it: on a 2-core machine more only adds context switches
// (figures in docs/benchmarks.md, "Claims").
const inFlight = Number(process.env.BENCH_CONCURRENCY ?? 8);
const httpProcesses = Number(process.env.BENCH_HTTP_PROCESSES ?? 1);
const team = process.argv.includes('--team');
const DAYS_AGO = 5;
const DAY_MS = 86_400_000;
const PACKAGES = [100_000_000n, 1_000_000_000n, 3_000_000_000n]; // $100 Starter, $1,000 Growth, $3,000 Pro

const server = new URL(databaseUrl);
// The whole run is bounded: a stuck database ends it instead of hanging, and its database is
// dropped. The team's purchases queue on the top members' team rows (every one locks its
// upline), so the team form gets longer.
const limitMinutes = team ? 15 : 5;
let dropOnTimeout: (() => Promise<void>) | null = null;
setTimeout(() => {
  console.error(`bench:claims took longer than ${limitMinutes} minutes; stopping`);
  const dropped = dropOnTimeout?.() ?? Promise.resolve();
  void Promise.race([dropped, new Promise((resolve) => setTimeout(resolve, 10_000))]).finally(() =>
    process.exit(2),
  );
}, limitMinutes * 60_000).unref();

const { createServerTestDatabase, runAdmin } = await import('../apps/api/src/testing/database.ts');
const { adjustMemberBalance, getHouseBalances, openMemberAccounts, reconcile } =
  await import('../apps/api/src/ledger/index.ts');
const { buyPackage } = await import('../apps/api/src/modules/packages/buy-package.ts');
const { claimProfit } = await import('../apps/api/src/modules/packages/claim-profit.ts');
const { queryRows } = await import('../apps/api/src/db/client.ts');
const { createSession } = await import('../apps/api/src/core/sessions/member-sessions.ts');
const { loadCurrentPlan } = await import('../apps/api/src/core/plan.ts');
const { joinTeam } = await import('../apps/api/src/core/team.ts');
const { startApiProcesses } = await import('../apps/api/src/testing/api-processes.ts');
const { sql } = await import('drizzle-orm');
const { applyRate, formatDollars } = await import('@app/contracts');

/** Runs `task` for every item with at most `limit` in flight; returns the seconds it took. */
async function runPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return (performance.now() - started) / 1000;
}

const database = await createServerTestDatabase(inFlight + 4);
const db = database.db;
dropOnTimeout = () =>
  runAdmin(`drop database if exists ${new URL(database.url).pathname.slice(1)} with (force)`);
try {
  const now = new Date();
  const boughtAt = new Date(now.getTime() - DAYS_AGO * DAY_MS);
  const catalogue = await queryRows<{
    id: string;
    min_amount: string;
    max_amount: string;
    daily_rate: number;
  }>(
    db,
    sql`
    select id, min_amount::text, max_amount::text, daily_rate from packages where active order by sort_order`,
  );
  const packageFor = (amount: bigint) =>
    catalogue.find((row) => BigInt(row.min_amount) <= amount && amount <= BigInt(row.max_amount))!
      .id;

  // Members in one statement, each under their sponsor in the shape; then, as registration does,
  // their place in the team (joinTeam, depth by depth so every sponsor has joined first), wallets
  // and funding through the product's own functions.
  const plan = await loadCurrentPlan(db);
  const { teamProfitRates, directsRequired, incomeCapHundredths } = plan.settings;
  if (team && incomeCapHundredths !== null)
    throw new Error('the team form expects no income cap (the plan in force has one)');
  const shape = team ? teamShape(members, directsRequired) : rootsShape(members);
  const memberIds = shape.sponsors.map(() => randomUUID());
  const sponsorOf = (index: number) => {
    const sponsor = shape.sponsors[index];
    return sponsor === null || sponsor === undefined ? null : memberIds[sponsor]!;
  };
  const pgArray = (values: readonly (string | null)[]) =>
    `{${values.map((value) => value ?? 'NULL').join(',')}}`;
  await db.execute(sql`
    insert into members (id, sponsor_id, referral_code, name, email, mobile, password_hash, created_at)
    select m.id, m.sponsor_id, 'BENCH' || m.n, 'Bench member ' || m.n, 'bench' || m.n || '@example.test',
      '+919876543210', 'not-a-hash', ${boughtAt.toISOString()}::timestamptz
    from unnest(${pgArray(memberIds)}::uuid[], ${pgArray(memberIds.map((_, index) => sponsorOf(index)))}::uuid[])
      with ordinality as m(id, sponsor_id, n)`);
  const setupStarted = performance.now();
  for (let depth = 0; depth <= Math.max(...shape.depths); depth++) {
    const atDepth = shape.depths.flatMap((at, index) => (at === depth ? [index] : []));
    await runPool(atDepth, inFlight, (index) =>
      joinTeam(
        db,
        { memberId: memberIds[index]!, sponsorId: sponsorOf(index), joinedAt: boughtAt },
        plan,
      ),
    );
  }
  const total = PACKAGES.reduce((sum, amount) => sum + amount, 0n);
  await runPool(memberIds, inFlight, async (memberId) => {
    await openMemberAccounts(db, memberId, boughtAt);
    await adjustMemberBalance(db, {
      memberId,
      wallet: 'fund',
      amount: total,
      reference: `bench-fund:${memberId}`,
      reason: 'bench funding',
      now: boughtAt,
    });
  });
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const purchases = memberIds.flatMap((memberId) =>
    PACKAGES.map((amount) => ({ memberId, amount })),
  );
  const buySeconds = await runPool(purchases, inFlight, (purchase) =>
    buyPackage(
      db,
      {
        memberId: purchase.memberId,
        packageId: packageFor(purchase.amount),
        amount: purchase.amount,
      },
      boughtAt,
    ),
  );
  // The purchases' referral and team-level bonuses and rank rewards are credited now, so the
  // settlement measured below credits exactly what the claims left pending.
  const purchaseIncomes = team ? await settleAll(db, boughtAt) : null;

  // What autovacuum does after such a load, done here since a test server may run without it
  // (this one does): statistics for the planner, visibility maps for index-only scans (the
  // active-directs count of each upline level), and the dead versions of the rows every purchase
  // updated (the upline's team rows) pruned. Claims on a team fresh from its purchases cost about
  // 0.25 ms more PostgreSQL CPU each (docs/benchmarks.md).
  await db.execute(sql`vacuum analyze`);
  // The TPC-B-like yardstick right before the claims, so both see the same machine (others may share it).
  const tps = await runPgbench(databaseUrl, { script: 'tpcb', clients: 8, seconds: 10 });
  let lines = 0;
  const claimCpu = measureCpu(new URL(database.url).pathname.slice(1));
  const claimSeconds = await runPool(memberIds, inFlight, async (memberId) => {
    const { claim } = await claimProfit(db, memberId, now);
    lines += claim.lines.length;
  });
  const claimCpuReport = claimCpu(members);

  const daily = PACKAGES.reduce(
    (sum, amount) =>
      sum +
      applyRate(amount, BigInt(catalogue.find((row) => row.id === packageFor(amount))!.daily_rate)),
    0n,
  );
  // Every member claimed DAYS_AGO days; the records must be the plan's, then the settlement credits them.
  const claimIncomes = expectedTeamProfit(
    shape,
    teamProfitRates,
    directsRequired,
    daily * BigInt(DAYS_AGO),
  );
  await checkTeamProfit(db, claimIncomes, false);
  let settlement = null;
  if (team) {
    settlement = await measureSettlement(db, new URL(database.url).pathname.slice(1), now);
    await checkTeamProfit(db, claimIncomes, true);
  }

  // A day later, every package has one more day due: each member claims it over HTTP.
  const http = httpProcesses > 0 ? await claimOverHttp(db, database.url, memberIds, now) : null;
  const httpIncomes = expectedTeamProfit(shape, teamProfitRates, directsRequired, daily);
  let httpSettlement = null;
  if (http) await checkTeamProfit(db, addLevels(claimIncomes, httpIncomes), false);
  if (team && http) {
    const nextDay = new Date(now.getTime() + DAY_MS);
    httpSettlement = await settleAll(db, nextDay);
    await checkTeamProfit(db, addLevels(claimIncomes, httpIncomes), true);
  }

  // Checks, so a fast but wrong claim path cannot pass: every line paid once, exactly, and balanced books.
  const report = await reconcile(db);
  if (!report.ok) throw new Error('the ledger does not reconcile after the bench');
  const expectedLines = members * PACKAGES.length * DAYS_AGO;
  if (lines !== expectedLines)
    throw new Error(`expected ${expectedLines} claim lines, got ${lines}`);
  if (http && http.lines !== members * PACKAGES.length)
    throw new Error(`expected ${members * PACKAGES.length} lines over HTTP, got ${http.lines}`);
  const houseBalances = await getHouseBalances(db);
  const paid = -(houseBalances.get('house:profit-expense') ?? 0n);
  const expectedPaid = daily * BigInt((DAYS_AGO + (http ? 1 : 0)) * members);
  if (paid !== expectedPaid)
    throw new Error(`paid ${paid} micro-dollars, expected ${expectedPaid}`);
  const expenses = team ? await checkIncomeExpenses(db, houseBalances) : null;

  const claimsPerSecond = members / claimSeconds;
  console.log(
    `\nPackages and daily profit on PostgreSQL ${server.host}, ${inFlight} use cases in flight, ${members} members`,
  );
  if (team)
    console.log(
      `team:   one team; ${shape.depths.filter((depth) => depth === 10).length} members at depth 10, whose claims fan out 10 levels, the top ${shape.leaders} upline of every one of them`,
    );
  console.log(
    `setup:  ${members} members placed in the team, wallets opened and funded in ${setupSeconds.toFixed(2)} s`,
  );
  console.log(
    `buys:   ${purchases.length} in ${buySeconds.toFixed(2)} s = ${(purchases.length / buySeconds).toFixed(0)} buys/s`,
  );
  console.log(
    `claims: ${members} in ${claimSeconds.toFixed(2)} s = ${claimsPerSecond.toFixed(0)} claims/s, ${(lines / claimSeconds).toFixed(0)} lines/s (${lines} lines, ${formatDollars(paid)} paid; target ≥ 1,000 claims/s)`,
  );
  console.log(`claims: ${claimCpuReport}`);
  if (team) {
    const records = totalOf(claimIncomes);
    console.log(
      `fan-out: ${records.records} team-profit records = ${(records.records / claimSeconds).toFixed(0)} records/s (${records.payable} pending, ${records.records - records.payable} not paid; ${formatDollars(records.amount)}), each level exactly the plan's`,
    );
  }
  if (settlement)
    console.log(
      `settle: ${settlement.incomes} pending incomes in ${settlement.seconds.toFixed(2)} s = ${(settlement.incomes / settlement.seconds).toFixed(0)} incomes/s, ${settlement.transfers} transfers = ${(settlement.transfers / settlement.seconds).toFixed(0)} transfers/s (batches of ${SETTLEMENT_BATCH}, one instance); ${settlement.cpu}`,
    );
  if (http) {
    console.log(
      `HTTP:   ${members} claims through ${httpProcesses} API process(es) in ${http.seconds.toFixed(2)} s = ${(members / http.seconds).toFixed(0)} claims/s (${http.lines} lines, one day each${team ? `, ${totalOf(httpIncomes).records} team-profit records = ${(totalOf(httpIncomes).records / http.seconds).toFixed(0)} records/s` : ''})`,
    );
    console.log(`HTTP:   ${http.cpu} (this process is the HTTP client)`);
  }
  if (expenses)
    console.log(
      `incomes: the plan's records and amounts per level; after the settlements none pending, commission expense ${formatDollars(expenses.commissionExpense)} = commissions paid (${purchaseIncomes!.incomes} purchase incomes settled before the claims${httpSettlement ? `, ${httpSettlement.incomes} from the HTTP round after it` : ''}), reward expense ${formatDollars(expenses.rewardExpense)} = rewards paid`,
    );
  console.log('ledger reconciled: yes');
  if (tps !== null)
    console.log(
      `pgbench -c 8 -j 2 -T 10 (just before the claims): ${tps.toFixed(0)} tps; claims/s ÷ pgbench tps = ${(claimsPerSecond / tps).toFixed(2)}`,
    );
} finally {
  await database.close();
}

/**
 * A day after `now`, each member claims the new day over HTTP through real API processes (their
 * clock set to that day), `inFlight` requests at a time; the processes are stopped afterwards.
 */
async function claimOverHttp(db: Db, url: string, memberIds: readonly string[], now: Date) {
  const nextDay = new Date(now.getTime() + DAY_MS);
  const tokens = new Map<string, string>();
  await runPool(memberIds, inFlight, async (memberId) => {
    tokens.set(
      memberId,
      await createSession(db, { memberId, now: nextDay, ip: '127.0.0.1', userAgent: 'bench' }),
    );
  });
  const servers = await startApiProcesses({
    count: httpProcesses,
    databaseUrl: url,
    appNow: nextDay,
  });
  let lines = 0;
  const httpCpu = measureCpu(
    new URL(url).pathname.slice(1),
    servers.processes.map((server) => server.pid),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  let sent = 0;
  const seconds = await runPool(memberIds, inFlight, async (memberId) => {
    const target = servers.processes[sent++ % servers.processes.length]!;
    const answer = await postClaim(agent, target.baseUrl, tokens.get(memberId)!);
    lines += answer.data.lines.length;
  });
  const cpu = httpCpu(memberIds.length);
  agent.destroy();
  await servers.stop();
  return { seconds, lines, cpu };
}

/** POST package/claim-profit with the member's token; the parsed answer, or an error for any non-200. */
function postClaim(
  agent: Agent,
  baseUrl: string,
  token: string,
): Promise<{ data: { lines: unknown[] } }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}/api/v1/package/claim-profit`,
      { method: 'POST', agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(JSON.parse(body) as { data: { lines: unknown[] } })
            : reject(new Error(`claim answered ${response.statusCode}: ${body}`)),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

// npm run bench:track — the production server (lean entry, PostgreSQL) against a bare node:http +
// postgres.js server with none of our code (scripts/bench/bare-server.ts), in one run, rounds
// interleaved, medians reported: the result is a ratio, not a machine-dependent time. On PostgreSQL a
// third server, same-sql-server.ts, replays the statements the production server sends per request
// (captured off the wire at start-up, capture-sql.ts): full / same-SQL is our Node overhead,
// same-SQL / one-INSERT the cost of our SQL.
// BENCH_PGLITE=1: full and bare on the embedded database (each its own copy of the seeded directory);
// no same-SQL server there (the capture is a PostgreSQL wire proxy).
import { PGlite } from '@electric-sql/pglite';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import postgres from 'postgres';
import { captureSql } from './capture-sql';
import { cpuMs, postgresSince, postgresTimes, runQueueMs } from './cpu';
import { load, PRODUCTION_ENTRY, script, startServer, stopServers, type Load } from './load';
import { paced } from './paced';
import { benchCustomer, benchVisitor, seedBench } from './seed';
import { median } from './stats';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/refcount_bench';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Paced rounds are short (1-2 s each) and a p99 that short catches this machine's I/O stalls
// (100-800 ms, the bare server's too) in some rounds and not others: more of them, median.
const RATE_ROUNDS = Number(process.env.BENCH_RATE_ROUNDS ?? 5);
// BENCH_RATE_FRACTION (default 0.5): the paced rounds' share of the full stack's closed-loop rate.
// Near saturation a paced p99 measures how close to its ceiling a server runs; well below it, what
// each request itself adds.
const RATE_FRACTION = Number(process.env.BENCH_RATE_FRACTION ?? 0.5);
if (!(RATE_FRACTION > 0 && RATE_FRACTION <= 1)) throw new Error('BENCH_RATE_FRACTION must be in (0, 1]');
const N = { write: Number(process.env.BENCH_WRITES ?? 4_000), read: Number(process.env.BENCH_READS ?? 3_000) };
const SPREAD = 200; // referral codes the spread clicks and sales go to
const PEOPLE = 1_000; // visitors the sales by cookie come from, customers the renewals bill
const PORT = Number(process.env.BENCH_PORT ?? 3301);
const PORTS = { full: PORT, bare: PORT + 1, same: PORT + 2 };
const CAPTURE_PORT = PORT + 3;
const TRACE = '.data/bench/sql-trace.json';

const PGLITE = process.env.BENCH_PGLITE === '1';
const DIRS = { full: '.data/bench/pglite-full', bare: '.data/bench/pglite-bare' };

const seed = await seedBench(PGLITE ? { dataDir: DIRS.full } : { url: URL_ }, SPREAD, PEOPLE);
if (PGLITE) {
  rmSync(DIRS.bare, { recursive: true, force: true });
  cpSync(DIRS.full, DIRS.bare, { recursive: true });
}
if (process.env.BENCH_SKIP_BUILD !== '1') spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
const ids = { BENCH_WORKSPACE_ID: seed.workspaceId, BENCH_CAMPAIGN_ID: seed.campaignId, BENCH_AFFILIATE_ID: seed.affiliateId };
const env = PGLITE
  ? { full: { ...ids, DATABASE_URL: '', PGLITE_DIR: DIRS.full }, bare: { ...ids, BENCH_PGLITE_DIR: DIRS.bare } }
  : { full: { ...ids, DATABASE_URL: URL_ }, bare: { ...ids, DATABASE_URL: URL_ } };
const SERVERS = PGLITE ? (['full', 'bare'] as const) : (['full', 'bare', 'same'] as const);
type Server = (typeof SERVERS)[number];

const ref = (n: number) => `r${String(n % SPREAD).padStart(5, '0')}`;
type Path = { name: string; method: 'GET' | 'POST'; path: string; n: number; table?: string; body?: (n: number, tag: string) => unknown };
const PATHS: Path[] = [
  { name: 'click, spread', method: 'POST', path: '/v1/track/click', n: N.write, table: 'clicks', body: (n) => ({ ref: ref(n) }) },
  { name: 'click, one hot code', method: 'POST', path: '/v1/track/click', n: N.write, table: 'clicks', body: () => ({ ref: 'r00000' }) },
  { name: 'sale by ref', method: 'POST', path: '/v1/track/sale', n: N.write / 2, table: 'conversions', body: (n, tag) => ({ external_id: `${tag}_${n}`, ref: ref(n), amount: 10_000 }) },
  { name: 'refund', method: 'POST', path: '/v1/track/refund', n: N.write / 2, body: (n, tag) => ({ external_id: `${tag}_${n}`, amount: 2_500 }) },
  // the sales real programs send most: a visitor's cookie from the browser script, a subscription's renewal by customer id
  { name: 'sale by cookie', method: 'POST', path: '/v1/track/sale', n: N.write / 2, table: 'conversions', body: (n, tag) => ({ external_id: `${tag}_v${n}`, visitor_id: benchVisitor(n, PEOPLE), amount: 10_000 }) },
  { name: 'renewal', method: 'POST', path: '/v1/track/sale', n: N.write / 2, table: 'conversions', body: (n, tag) => ({ external_id: `${tag}_c${n}`, customer_id: benchCustomer(n, PEOPLE), amount: 10_000 }) },
  { name: 'GET affiliates?limit=50', method: 'GET', path: '/v1/affiliates?limit=50', n: N.read },
  { name: 'GET reports/summary', method: 'GET', path: '/v1/reports/summary', n: N.read },
];

if (!PGLITE) {
  // One probe per path, bodies as the load sends them; n = 1 + i·SPREAD keeps one referral code
  // (r00001, so the replay sends every click and sale to it) and makes a new external id each time.
  const probes = PATHS.map((p) => ({ name: p.name, route: `${p.method} ${p.path}`, body: p.body && ((i: number) => p.body!(1 + i * SPREAD, 'capture') as Record<string, unknown>) }));
  mkdirSync('.data/bench', { recursive: true });
  writeFileSync(TRACE, JSON.stringify(await captureSql(URL_, CAPTURE_PORT, ids, seed.token, probes)));
}
const children = await Promise.all([
  startServer(PRODUCTION_ENTRY, PORTS.full, env.full),
  startServer(script('scripts/bench/bare-server.ts'), PORTS.bare, env.bare),
  ...(PGLITE ? [] : [startServer(script('scripts/bench/same-sql-server.ts'), PORTS.same, { ...ids, DATABASE_URL: URL_, BENCH_SQL_TRACE: TRACE })]),
]);
const pids = Object.fromEntries(SERVERS.map((server, i) => [server, children[i].pid!])) as Record<Server, number>;
// PGlite is one process's database: its rows are counted once the servers have stopped.
const sql = PGLITE ? null : postgres(URL_, { max: 1, onnotice: () => {} });
const acknowledged = new Map<string, number>();

// BENCH_PATHS=click runs only the paths whose name starts with one of the given words.
const only = process.env.BENCH_PATHS?.split(',').map((w) => w.trim()).filter(Boolean);
if (only) PATHS.splice(0, PATHS.length, ...PATHS.filter((p) => only.some((w) => p.name.startsWith(w))));
const count = async (table: string) => (sql ? ((await sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number) : 0);
/**
 * A run's load figures, its CPU µs per request (the server process's, and PostgreSQL's: all its
 * processes), and µs per request spent runnable waiting for a CPU (the server's threads,
 * PostgreSQL's, this load generator's).
 */
type Run = Load & { nodeUs: number; pgUs: number; nodeWaitUs: number; pgWaitUs: number; loadWaitUs: number };
type PerRequest = 'nodeUs' | 'pgUs' | 'nodeWaitUs' | 'pgWaitUs' | 'loadWaitUs';
const results = new Map<string, Run[]>();
let mismatches = 0;
// Clicks spread and on one hot code take turns going first: the clicks table grows through a
// round, and whichever always ran second ran on a bigger one (the hot code read slower for it).
const pathsOf = (round: number) => {
  const clicks = PATHS.filter((p) => p.table === 'clicks');
  return [...(round % 2 ? clicks.reverse() : clicks), ...PATHS.filter((p) => p.table !== 'clicks')];
};
/** Each server goes first in turn (with two: full, bare; bare, full; …). */
const rotate = (round: number) => [...SERVERS.slice(round % SERVERS.length), ...SERVERS.slice(0, round % SERVERS.length)];

/** One path on one server: `amount` requests (closed loop, or paced at `rate` req/s if given), rows checked. */
async function run(p: Path, server: Server, tag: string, amount: number, rate?: number): Promise<Run> {
  const before = p.table ? await count(p.table) : 0;
  const body = (n: number) => p.body?.(n, tag);
  const [node0, nodeWaited0, loadWaited0, pg0] = [cpuMs(pids[server]), runQueueMs(pids[server]), runQueueMs(process.pid), PGLITE ? null : postgresTimes()];
  const r = await (rate ? paced(PORTS[server], p, seed.token, body, amount, rate) : load(PORTS[server], p, seed.token, body, amount));
  // PGlite has no processes apart from the server's
  const pg = pg0 ? postgresSince(pg0) : { cpu: NaN, waited: NaN };
  const perRequest = (ms: number) => (ms * 1000) / amount;
  const used = {
    nodeUs: perRequest(cpuMs(pids[server]) - node0),
    pgUs: perRequest(pg.cpu),
    nodeWaitUs: perRequest(runQueueMs(pids[server]) - nodeWaited0),
    pgWaitUs: perRequest(pg.waited),
    loadWaitUs: perRequest(runQueueMs(process.pid) - loadWaited0),
  };
  process.stderr.write(`${tag.padEnd(8)} ${p.name.padEnd(24)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${r.p99} ms  CPU/request ${used.nodeUs.toFixed(0)} µs Node, ${used.pgUs.toFixed(0)} µs PostgreSQL\n`);
  if (p.table) acknowledged.set(`${server}|${p.table}`, (acknowledged.get(`${server}|${p.table}`) ?? 0) + r.ok);
  const rows = p.table && sql ? (await count(p.table)) - before : r.ok;
  if (rows !== r.ok || r.other) {
    mismatches++;
    process.stderr.write(`${p.name} ${server} ${tag}: ${r.ok} 2xx, ${r.other} other (${r.why}), ${rows} rows\n`);
  }
  return { ...r, ...used };
}

for (let round = 0; round <= ROUNDS; round++) {
  // After the warm-up, statistics as autovacuum keeps them on a live install (this machine's
  // PostgreSQL runs with autovacuum off): without them, plans made on empty tables stay cached on
  // every connection, and a sale looked its external id up by scanning every conversion.
  if (round === 1) await sql?.unsafe('analyze');
  const order = rotate(round);
  for (const p of pathsOf(round)) {
    for (const server of order) {
      // a refund names the sales this server made this round
      const r = await run(p, server, `${server}${round}`, round === 0 ? Math.ceil(p.n / 4) : p.n);
      if (round > 0) results.set(`${p.name}|${server}`, [...(results.get(`${p.name}|${server}`) ?? []), r]);
    }
  }
}

// Latency at equal load: a closed loop's p99 follows its throughput (each request waits for the
// ones ahead of it), so the p99s above compare servers at different rates. Here every server gets
// the same arrival rate (open loop, paced.ts), a fraction of what the full stack sustained, and their
// p99s compare like for like.
const atRate = new Map<string, Run[]>();
const rateOf = (p: Path) => Math.max(1, Math.floor(median(results.get(`${p.name}|full`)!.map((x) => x.rps)) * RATE_FRACTION));
for (let round = 1; round <= RATE_ROUNDS; round++) {
  const order = rotate(round);
  for (const p of pathsOf(round)) {
    for (const server of order) {
      const r = await run(p, server, `${server}L${round}`, Math.ceil(p.n / 2), rateOf(p));
      atRate.set(`${p.name}|${server}`, [...(atRate.get(`${p.name}|${server}`) ?? []), r]);
    }
  }
}
await sql?.end();
if (PGLITE) {
  await stopServers();
  for (const server of ['full', 'bare'] as const) {
    const db = await PGlite.create(DIRS[server]);
    for (const table of ['clicks', 'conversions']) {
      const n = Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n) - seed.rows[table];
      const acked = acknowledged.get(`${server}|${table}`) ?? 0;
      if (n !== acked) {
        mismatches++;
        process.stderr.write(`${server}: ${acked} ${table} acknowledged, ${n} stored\n`);
      }
    }
    await db.close();
  }
}

const lines = [
  `| path | full stack req/s | p99 ms | bare req/s | p99 ms | throughput | p99 | at equal rate: req/s | p99 ms full / bare | p99 | same-SQL req/s | p99 ms | full / same-SQL | same-SQL / bare | at equal rate: same-SQL p99 ms |`,
  `|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`,
];
for (const p of PATHS) {
  const [[frps, fp99], [brps, bp99], [srps, sp99]] = (['full', 'bare', 'same'] as const).map((s) => {
    const rs = results.get(`${p.name}|${s}`);
    return rs ? [median(rs.map((x) => x.rps)), median(rs.map((x) => x.p99))] : [NaN, NaN];
  });
  const [lf, lb, ls] = (['full', 'bare', 'same'] as const).map((s) => (atRate.has(`${p.name}|${s}`) ? median(atRate.get(`${p.name}|${s}`)!.map((x) => x.p99)) : NaN));
  const same = PGLITE ? 'n/a | n/a | n/a | n/a | n/a' : `${srps.toFixed(0)} | ${sp99} | ${(frps / srps).toFixed(2)}x | ${(srps / brps).toFixed(2)}x | ${ls}`;
  lines.push(
    `| ${p.name} | ${frps.toFixed(0)} | ${fp99} | ${brps.toFixed(0)} | ${bp99} | ${(frps / brps).toFixed(2)}x | ${(fp99 / Math.max(1, bp99)).toFixed(2)}x | ${rateOf(p)} | ${lf} / ${lb} | ${(lf / lb).toFixed(2)}x | ${same} |`,
  );
}
// Where the time goes: CPU and run-queue µs per request, medians of the runs, closed loop and paced at the equal rate.
const medianOf = (runs: Run[] | undefined, of: PerRequest) => {
  const us = runs ? median(runs.map((x) => x[of])) : NaN;
  return Number.isNaN(us) ? 'n/a' : us.toFixed(0);
};
const pair = (runs: Map<string, Run[]>, p: Path, of: PerRequest) => `${medianOf(runs.get(`${p.name}|full`), of)} / ${medianOf(runs.get(`${p.name}|bare`), of)}`;
const cpuLines = [
  `| path | closed loop: Node full / bare | PostgreSQL full / bare | at equal rate: Node full / bare | PostgreSQL full / bare |`,
  `|---|---|---|---|---|`,
  ...PATHS.map((p) => `| ${p.name} | ${pair(results, p, 'nodeUs')} | ${pair(results, p, 'pgUs')} | ${pair(atRate, p, 'nodeUs')} | ${pair(atRate, p, 'pgUs')} |`),
];
// The same rate, more CPU per request: every process on the machine queues longer for a core.
const waitLines = [
  `| path | server full / bare | PostgreSQL full / bare | load generator full / bare |`,
  `|---|---|---|---|`,
  ...PATHS.map((p) => `| ${p.name} | ${pair(atRate, p, 'nodeWaitUs')} | ${pair(atRate, p, 'pgWaitUs')} | ${pair(atRate, p, 'loadWaitUs')} |`),
];
const database = PGLITE ? 'PGlite (embedded)' : 'PostgreSQL';
const legend = PGLITE
  ? 'same-SQL: n/a on PGlite (its statements are captured by a PostgreSQL wire proxy)'
  : 'same-SQL = node:http + postgres.js (none of our code) replaying, prepared, the statements the production server sent for one request of that kind '
    + '(same SQL, one request at a time, prepared: captured at start-up, so what group commit batches under load goes here one request per statement, in its one-row form); '
    + `new ids, external id and per-request random values fresh, timestamps shifted to now; every click and sale to one referral code (${ref(1)}); each row count checked against the capture`;
process.stdout.write(`\n${database}, ${process.env.BENCH_CONNECTIONS ?? 50} connections, ${ROUNDS} interleaved rounds (+1 warm-up), medians; at equal rate (${RATE_FRACTION} of the full stack's closed-loop rate): ${RATE_ROUNDS} paced rounds (open loop, latency from each request's due time), median p99; bare = node:http + ${PGLITE ? 'PGlite' : 'postgres.js'}, one prepared statement per request crediting whom the request names (docs/benchmarks.md#the-bare-server), none of our code\n${legend}\n${lines.join('\n')}\n\nCPU µs per request (the server process; PostgreSQL: all its processes, ${PGLITE ? 'n/a: PGlite runs inside the server process' : 'background ones included'}), medians\n${cpuLines.join('\n')}\n\nAt equal rate, µs per request spent runnable waiting for a CPU (/proc/<pid>/task/*/schedstat), medians\n${waitLines.join('\n')}\n${mismatches ? `${mismatches} runs with errors or rows != 2xx\n` : 'every 2xx has its row; no errors\n'}`);
process.exit(mismatches ? 1 : 0);

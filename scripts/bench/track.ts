// npm run bench:track — the production server (lean entry, PostgreSQL) against a bare node:http +
// postgres.js server running the same domain code, in one run: the result is a ratio.
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { seedBench } from './seed';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/refcount_bench';
// A fixed number of requests, not a duration: every request completes before rows are counted.
const REQUESTS = { click: Number(process.env.BENCH_CLICKS ?? 12_000), sale: Number(process.env.BENCH_SALES ?? 3_000) };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REFS = 10_000;

async function up(port: number) {
  for (let i = 0; i < 1500; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/v1/openapi.json`);
      return; // any HTTP answer means the server is listening
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

const children: ChildProcess[] = [];
// Children die with the benchmark, however it ends (a stray server would answer the next run).
process.on('exit', () => children.forEach((c) => c.kill()));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(1));

async function free(port: number) {
  const busy = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
  if (busy) throw new Error(`port ${port} is already in use: stop what listens there first`);
}

function start(script: string, port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), DATABASE_URL: URL_, NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '1000000000', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function load(port: number, path: string, token: string, body: (n: number) => unknown, amount: number) {
  let n = 0;
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    amount,
    requests: [{ method: 'POST', path, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, setupRequest: (req) => ({ ...req, body: JSON.stringify(body(n++)) }) }],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'], other: r.non2xx + r.errors };
}

const { workspaceId, token } = await seedBench(URL_, REFS);
if (process.env.BENCH_SKIP_BUILD !== '1') spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
const sql = postgres(URL_, { max: 1, onnotice: () => {} });
await Promise.all([free(3301), free(3302)]);
start('server/http/main.ts', 3301, {});
start('scripts/bench/bare-server.ts', 3302, { BENCH_WORKSPACE_ID: workspaceId });
await Promise.all([up(3301), up(3302)]);
const ref = (n: number) => `r${String(n % REFS).padStart(5, '0')}`;
const rows: string[] = [];
let failed = false;
for (const [path, table, body] of [
  ['/v1/track/click', 'clicks', (n: number) => ({ ref: ref(n) })],
  ['/v1/track/sale', 'conversions', (n: number) => ({ external_id: `o${Date.now()}_${n}`, ref: ref(n), amount: 10_000 })],
] as const) {
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const [name, port] of [['bare', 3302], ['full', 3301]] as const) {
    await sql.unsafe('truncate clicks, visitors, conversions, commissions, daily_rollups, webhook_events');
    const amount = REQUESTS[path.endsWith('click') ? 'click' : 'sale'];
    await load(port, path, token, body, Math.ceil(amount / 5)); // warm-up
    await sql.unsafe('truncate clicks, visitors, conversions, commissions, daily_rollups, webhook_events');
    results[name] = await load(port, path, token, body, amount);
    const [{ count }] = await sql.unsafe(`select count(*)::int as count from ${table}`);
    const match = count === results[name].ok;
    failed ||= !match || results[name].other > 0;
    rows.push(`${path.padEnd(16)} ${name.padEnd(5)} ${results[name].rps.toFixed(0).padStart(7)} req/s  p50 ${String(results[name].p50).padStart(4)} ms  p99 ${String(results[name].p99).padStart(4)} ms  2xx ${results[name].ok}  rows ${count}${match ? '' : '  MISMATCH'}  errors ${results[name].other}`);
  }
  rows.push(`${path.padEnd(16)} ratio full/bare: throughput ${(results.full.rps / results.bare.rps).toFixed(2)}x, p99 ${(results.full.p99 / Math.max(1, results.bare.p99)).toFixed(2)}x`);
}
await sql.end();
process.stdout.write(`\n${CONNECTIONS} connections, ${REQUESTS.click} clicks / ${REQUESTS.sale} sales per run, ${REFS} refs, PostgreSQL\n${rows.join('\n')}\n`);
process.exit(failed ? 1 : 0);

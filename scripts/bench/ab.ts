// Two builds of the production server against the bare one-INSERT server, interleaved in the same
// rounds on one freshly seeded database (issue 51; docs/benchmarks.md): A is a copy of an earlier
// dist/server.mjs in AB_BASE (a directory inside this worktree, e.g. .data/ab/base, so its imports
// resolve), B is the current dist/server.mjs (`node scripts/build/server.mjs` rebuilds it in a
// second). Each round runs every path on the three servers in turn, the order rotating; reported are
// medians of req/s and of each round's own ratios (B/A, X/bare), so a shared machine that slows down
// between rounds moves both sides of a ratio alike, and CPU per request: the server's process, and
// PostgreSQL's backends of this database only (other databases of a shared cluster left out).
// BENCH_DATABASE_URL (dropped and seeded again), BENCH_PATHS, BENCH_ROUNDS (5), BENCH_WRITES (4000:
// each path runs half of it per round), BENCH_PORT (three ports from it), BENCH_CONNECTIONS;
// AB_B_ENV='{"NAME":"value"}' adds environment to B only; AB_PROF=dir writes B's CPU profile there.
import postgres from 'postgres';
import { cpuMs } from './cpu';
import { START_FLAGS } from '../build/start-flags';
import { load, script, startServer } from './load';
import { benchCustomer, benchVisitor, seedBench } from './seed';
import { median } from './stats';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/refcount_bench_ab';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const N = Number(process.env.BENCH_WRITES ?? 4_000) / 2;
const PORT = Number(process.env.BENCH_PORT ?? 3481);
if (!process.env.AB_BASE) throw new Error('AB_BASE: the directory holding build A (a copy of dist/server.mjs)');
const SPREAD = 200;
const PEOPLE = 1_000;
const ref = (n: number) => `r${String(n % SPREAD).padStart(5, '0')}`;
// as in track.ts; a refund names a sale the same server made in the same round, so it runs after the sales by ref
const PATHS = [
  { name: 'sale by ref', path: '/v1/track/sale', body: (n: number, tag: string) => ({ external_id: `${tag}_${n}`, ref: ref(n), amount: 10_000 }) },
  { name: 'refund', path: '/v1/track/refund', body: (n: number, tag: string) => ({ external_id: `${tag}_${n}`, amount: 2_500 }) },
  { name: 'sale by cookie', path: '/v1/track/sale', body: (n: number, tag: string) => ({ external_id: `${tag}_v${n}`, visitor_id: benchVisitor(n, PEOPLE), amount: 10_000 }) },
  { name: 'renewal', path: '/v1/track/sale', body: (n: number, tag: string) => ({ external_id: `${tag}_c${n}`, customer_id: benchCustomer(n, PEOPLE), amount: 10_000 }) },
].filter((p) => !process.env.BENCH_PATHS || process.env.BENCH_PATHS.split(',').some((w) => p.name.startsWith(w.trim())));

const seed = await seedBench({ url: URL_ }, SPREAD, PEOPLE);
const env = { BENCH_WORKSPACE_ID: seed.workspaceId, BENCH_CAMPAIGN_ID: seed.campaignId, BENCH_AFFILIATE_ID: seed.affiliateId, DATABASE_URL: URL_ };
const SERVERS = ['bare', 'A', 'B'] as const;
const profile = process.env.AB_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.AB_PROF}`] : [];
const children = await Promise.all([
  startServer(script('scripts/bench/bare-server.ts'), PORT, env),
  startServer([...START_FLAGS, `${process.env.AB_BASE}/server.mjs`], PORT + 1, env),
  startServer([...profile, ...START_FLAGS, 'dist/server.mjs'], PORT + 2, { ...env, ...JSON.parse(process.env.AB_B_ENV ?? '{}') }),
]);
const sql = postgres(URL_, { max: 1, onnotice: () => {} });
const database = new URL(URL_).pathname.slice(1);
const backendsMs = async () => {
  const rows = await sql.unsafe(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`, [database]);
  return rows.reduce((sum, r) => sum + cpuMs(r.pid as number), 0);
};

type Run = { rps: number; nodeUs: number; pgUs: number };
const results = new Map<string, Run[]>();
let failed = 0;
for (let round = 0; round <= ROUNDS; round++) {
  if (round === 1) await sql.unsafe('analyze'); // as track.ts: plans on statistics, not on the empty tables of the seed
  const order = [...SERVERS.slice(round % 3), ...SERVERS.slice(0, round % 3)];
  for (const p of PATHS) {
    for (const server of order) {
      const i = SERVERS.indexOf(server);
      const amount = round === 0 ? N / 4 : N;
      const [node0, pg0] = [cpuMs(children[i].pid!), await backendsMs()];
      const r = await load(PORT + i, { method: 'POST', path: p.path, name: p.name }, seed.token, (n) => p.body(n, `${server}${round}`), amount);
      const run = { rps: r.rps, nodeUs: ((cpuMs(children[i].pid!) - node0) * 1000) / amount, pgUs: (((await backendsMs()) - pg0) * 1000) / amount };
      if (r.other) {
        failed++;
        process.stderr.write(`${server} ${p.name} round ${round}: ${r.why}\n`);
      }
      process.stderr.write(`${server}${round} ${p.name.padEnd(16)} ${r.rps.toFixed(0).padStart(6)} req/s  Node ${run.nodeUs.toFixed(0)} µs  PostgreSQL backends ${run.pgUs.toFixed(0)} µs\n`);
      if (round > 0) results.set(`${p.name}|${server}`, [...(results.get(`${p.name}|${server}`) ?? []), run]);
    }
  }
}
await sql.end();

const f = (v: number) => v.toFixed(2);
const lines = [
  '| path | req/s bare / A / B | A / bare | B / bare | B / A (per round: median, min-max) | Node µs bare / A / B | PostgreSQL backends µs bare / A / B |',
  '|---|---|---|---|---|---|---|',
];
for (const p of PATHS) {
  const runs = SERVERS.map((s) => results.get(`${p.name}|${s}`)!);
  const [bare, a, b] = runs;
  const ratios = (x: Run[], y: Run[]) => x.map((r, i) => r.rps / y[i].rps);
  const ba = ratios(b, a);
  const medians = (of: keyof Run, digits = 0) => runs.map((rs) => median(rs.map((r) => r[of])).toFixed(digits)).join(' / ');
  lines.push(`| ${p.name} | ${medians('rps')} | ${f(median(ratios(a, bare)))}x | ${f(median(ratios(b, bare)))}x | ${f(median(ba))}x (${f(Math.min(...ba))}-${f(Math.max(...ba))}) | ${medians('nodeUs')} | ${medians('pgUs')} |`);
}
process.stdout.write(`${ROUNDS} interleaved rounds (+1 warm-up) of ${N} requests per path and server, ${process.env.BENCH_CONNECTIONS ?? 50} connections, medians${failed ? `; ${failed} runs with errors` : ''}\n${lines.join('\n')}\n`);
process.exit(failed ? 1 : 0);

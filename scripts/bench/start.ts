// npm run bench:start — how long the production server takes to answer its first request and how
// much memory it holds once warm, started as `npm start` does (compiled dist/server.mjs on plain
// Node) against the TypeScript entry through the tsx loader (how production started before), with
// a bare node:http server as the floor. Rounds interleaved, medians reported.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { START_FLAGS } from '../build/start-flags';
import { median } from './stats';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/refcount_bench_start';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3311);
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(${PORT})`;
const WAYS = {
  'node dist/server.mjs': [...START_FLAGS, 'dist/server.mjs'],
  'tsx server/http/main.ts': ['--import', 'tsx', 'server/http/main.ts'],
  'bare node:http': ['-e', BARE],
};

const admin = postgres(Object.assign(new URL(URL_), { pathname: '/postgres' }).toString(), { max: 1, onnotice: () => {} });
const name = new URL(URL_).pathname.slice(1);
if (!(await admin`select 1 from pg_database where datname = ${name}`).length) await admin.unsafe(`create database "${name}"`);
await admin.end();
if (process.env.BENCH_SKIP_BUILD !== '1') spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
spawnSync(process.execPath, ['bin/refcount.mjs', 'migrate'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: URL_ } });

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

async function once(args: string[]) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, DATABASE_URL: URL_, PORT: String(PORT), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', RUN_JOBS: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (await fetch(`http://127.0.0.1:${PORT}/v1/affiliates`).then(() => true, () => false)) break;
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const firstAnswerMs = performance.now() - started;
    // Warm: the API, a page rendered by Next, the API again.
    for (const path of ['/v1/affiliates', '/login', ...Array(50).fill('/v1/affiliates')]) await fetch(`http://127.0.0.1:${PORT}${path}`).then((r) => r.arrayBuffer());
    return { firstAnswerMs, rssMiB: rssKiB(child.pid!) / 1024 };
  } finally {
    child.kill();
    await new Promise((r) => child.once('exit', r));
  }
}

const results = new Map<string, { firstAnswerMs: number; rssMiB: number }[]>();
for (let round = 0; round < ROUNDS; round++) {
  const order = Object.entries(WAYS);
  if (round % 2) order.reverse();
  for (const [way, args] of order) results.set(way, [...(results.get(way) ?? []), await once(args)]);
}
const ref = results.get('tsx server/http/main.ts')!;
console.log(`\nstart of the production server, ${ROUNDS} interleaved rounds, medians (PostgreSQL, jobs off)`);
console.log('| start | first answer ms | vs tsx | RSS warm MiB | vs tsx |\n|---|---|---|---|---|');
for (const [way, rs] of results) {
  const [ms, mib] = [median(rs.map((r) => r.firstAnswerMs)), median(rs.map((r) => r.rssMiB))];
  const [refMs, refMib] = [median(ref.map((r) => r.firstAnswerMs)), median(ref.map((r) => r.rssMiB))];
  console.log(`| ${way} | ${ms.toFixed(0)} | ${(ms / refMs).toFixed(2)}x | ${mib.toFixed(0)} | ${(mib / refMib).toFixed(2)}x |`);
}

// Shared by the benchmarks: start a server as its own process, and drive a fixed number of requests.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { START_FLAGS } from '../build/start-flags';
import { benchHeaders } from './request';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// BENCH_LOGS=dir: each server's output (its stdout's info lines too) goes to dir/<port>.log.
const LOGS = process.env.BENCH_LOGS;
const children: ChildProcess[] = [];
// Children die with the benchmark, however it ends (a stray server would answer the next run).
process.on('exit', () => children.forEach((c) => c.kill()));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(1));

/** The production server as `npm start` runs it (the compiled entry of `npm run build`). */
export const PRODUCTION_ENTRY = [...START_FLAGS, 'dist/server.mjs'];
/** A TypeScript script run through tsx (the bare baselines). */
export const script = (file: string) => ['--import', 'tsx', file];

export async function startServer(nodeArgs: string[], port: number, env: Record<string, string>) {
  if (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) throw new Error(`port ${port} is already in use`);
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '1000000000', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', LOGS ? 'pipe' : 'ignore', LOGS ? 'pipe' : 'inherit'],
  });
  if (LOGS) {
    mkdirSync(LOGS, { recursive: true });
    const log = createWriteStream(`${LOGS}/${port}.log`, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  children.push(child);
  for (let i = 0; i < 1500; i++) {
    if (await fetch(`http://127.0.0.1:${port}/v1/affiliates`).then(() => true, () => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

const stop = (c: ChildProcess) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r).kill()) : null);

/** Stops one server started here and waits for it to exit. */
export async function stopServer(child: ChildProcess) {
  await stop(child);
  children.splice(children.indexOf(child), 1);
}

/** Stops every server started here and waits for each to exit (PGlite flushes its directory). */
export async function stopServers() {
  await Promise.all(children.map(stop));
}

/** other: every request not answered 2xx; `why` splits it (non-2xx answers, socket errors, timeouts). */
export type Load = { rps: number; p99: number; ok: number; other: number; why: string };

/** `amount` requests over CONNECTIONS connections, each sent when its connection's last one was answered (closed loop); bodies numbered 0, 1, 2, … */
export async function load(port: number, req: { method: 'GET' | 'POST'; path: string; name?: string }, token: string, body: (n: number) => unknown, amount: number): Promise<Load> {
  let n = 0;
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    amount,
    // autocannon notices the last answer only at its next sample tick: at the default 1 s, every
    // run lasted a whole number of seconds (4,000 requests in 2.0 s read as 1,990 req/s, however
    // fast the server), which capped the baseline and flattered every ratio.
    sampleInt: 10,
    requests: [{
      method: req.method,
      path: req.path,
      headers: benchHeaders(token, req.name),
      setupRequest: (r) => (req.method === 'POST' ? { ...r, body: JSON.stringify(body(n++)) } : r),
    }],
  });
  // Requests over the run's wall time: autocannon's per-second average is coarse on runs of seconds.
  return { rps: r.requests.total / r.duration, p99: r.latency.p99, ok: r['2xx'], other: r.non2xx + r.errors + r.timeouts, why: `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` };
}

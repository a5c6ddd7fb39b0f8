// Latency at a fixed arrival rate (open loop): request i is due at start + i/rate whatever the
// server's answers so far, and its latency counts from when it was due, so a server that falls
// behind pays for its queue (no coordinated omission). autocannon's `overallRate` is not this: it
// lets each connection send its share of a second's requests back to back and then waits for the
// next second, so a run shorter than a second was a closed loop at full speed, and the "equal rate"
// p99s compared servers at their own top speeds again.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { CONNECTIONS, type Load } from './load';
import { benchHeaders } from './request';
import { percentile } from './stats';

const TIMEOUT_MS = 10_000;
// BENCH_TRACE=dir: each paced round also writes dir/<port>-<epoch ms>.txt, one line per request:
// when it was due (epoch ms) and its latency (ms), to line a burst up with other clocks.
const TRACE = process.env.BENCH_TRACE;

/** `amount` requests at `rate` per second over at most CONNECTIONS connections; bodies numbered 0, 1, 2, … */
export async function paced(port: number, req: { method: 'GET' | 'POST'; path: string; name?: string }, token: string, body: (n: number) => unknown, amount: number, rate: number): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers = benchHeaders(token, req.name);
  const latencies: number[] = [];
  const trace: string[] = [];
  const epoch = Date.now() - performance.now();
  let ok = 0, non2xx = 0, errors = 0;
  const start = performance.now();
  await new Promise<void>((done) => {
    let sent = 0, answered = 0;
    const finish = (due: number, status?: number) => {
      const latency = performance.now() - due;
      latencies.push(latency);
      if (TRACE) trace.push(`${(epoch + due).toFixed(1)} ${latency.toFixed(1)}`);
      if (status === undefined) errors++;
      else if (status >= 200 && status < 300) ok++;
      else non2xx++;
      if (++answered === amount) done();
    };
    const send = (n: number, due: number) => {
      const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, agent, headers, timeout: TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () => finish(due, res.statusCode));
      });
      r.on('timeout', () => r.destroy(new Error('timeout')));
      r.on('error', () => finish(due));
      r.end(req.method === 'POST' ? JSON.stringify(body(n)) : undefined);
    };
    // Timers fire about every millisecond; each tick sends every request that has come due.
    const tick = () => {
      const due = Math.min(amount, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      for (; sent < due; sent++) send(sent, start + (sent * 1000) / rate);
      if (sent < amount) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  if (TRACE) {
    mkdirSync(TRACE, { recursive: true });
    writeFileSync(`${TRACE}/${port}-${Date.now()}.txt`, `${trace.join('\n')}\n`);
  }
  const sorted = latencies.sort((a, b) => a - b);
  const p99 = Math.round(percentile(sorted, 99) * 10) / 10;
  return { rps: amount / ((performance.now() - start) / 1000), p99, ok, other: non2xx + errors, why: `${non2xx} non-2xx, ${errors} errors or timeouts` };
}

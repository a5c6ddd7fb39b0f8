// The statements the production server sends per request, read off the wire (pg-proxy.ts, between a
// capture instance of the server and PostgreSQL), so same-sql-server.ts replays what the code sends
// today, not a hand-kept copy that drifts. PostgreSQL only: PGlite has no wire to listen on.
import type { AddressInfo } from 'node:net';
import { PRODUCTION_ENTRY, startServer, stopServer } from './load';
import { recordingProxy, type Stmt } from './pg-proxy';
import { benchHeaders, perRequestValues } from './request';

export type { Param, Stmt } from './pg-proxy';
/** route: 'POST /v1/track/sale'. at: Date.now() when sent. volatile: values that differed between two recordings (random tokens), and how much of each to keep. */
export type Recorded = { route: string; body?: Record<string, unknown>; at: number; statements: Stmt[]; volatile: { value: string; keep: number }[] };
/** since: when the capture began; a UUIDv7 from then on is an id some request made. requests: by probe name. */
export type Trace = { since: number; requests: Record<string, Recorded> };
/** name: the benchmark path's (the load sends it in BENCH_PATH_HEADER, so the replay knows which sale a sale is). */
export type Probe = { name: string; route: string; body?: (i: number) => Record<string, unknown> };

const TOKEN = /[\w.:+-]+/g;
const SUBSTITUTED = /^([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)$/i;

/** Tokens of `a` that differ in `b`, other than what the replay substitutes anyway (new ids, timestamps, the body's per-request fields). */
function volatile(name: string, a: Recorded, b: Recorded) {
  const out = new Map<string, number>();
  const fromBody = perRequestValues(a.body).map(([, v]) => v);
  // Reads sent together (Promise.all) reach the wire in either order: pair b's statements with a's by text.
  const differ = () => new Error(`capture: ${name} sent different statements on two requests`);
  const unpaired = [...b.statements];
  const paired = a.statements.map((s) => {
    const i = unpaired.findIndex((t) => t.text === s.text);
    if (i < 0) throw differ();
    return unpaired.splice(i, 1)[0];
  });
  if (unpaired.length) throw differ();
  a.statements.forEach((s, i) => s.params?.forEach((p, j) => {
    const [ta, tb] = [p, paired[i].params![j]].map((x) => (typeof x === 'string' ? x.match(TOKEN) ?? [] : []));
    if (ta.length !== tb.length) throw new Error(`capture: ${name} statement ${i} parameter ${j} changed shape between two requests`);
    ta.forEach((t, k) => {
      if (t === tb[k] || SUBSTITUTED.test(t) || fromBody.some((v) => t.includes(v))) return;
      let keep = 0;
      while (t[keep] === tb[k][keep]) keep++;
      out.set(t, keep);
    });
  }));
  return [...out].map(([value, keep]) => ({ value, keep }));
}

/**
 * Starts the production server (jobs off) on `port` behind the proxy, sends each probe `warm`
 * times (one-time statements, e.g. the key's last_used_at touch, stay out of the trace), then two
 * more, one request at a time in the given order: the first is replayed, the second shows which
 * values are made per request.
 */
export async function captureSql(url: string, port: number, env: Record<string, string>, token: string, probes: Probe[], warm = 3): Promise<Trace> {
  const log: Stmt[] = [];
  const since = Date.now();
  const server = recordingProxy(new URL(url), log);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const via = Object.assign(new URL(url), { host: `127.0.0.1:${(server.address() as AddressInfo).port}` }).toString();
  const child = await startServer(PRODUCTION_ENTRY, port, { ...env, DATABASE_URL: via, RUN_JOBS: 'false' });
  const recorded = new Map<string, Recorded[]>();
  try {
    for (let i = 0; i < warm + 2; i++) {
      for (const { name, route, body } of probes) {
        const [method, path] = route.split(' ');
        const [b, from, at] = [body?.(i), log.length, Date.now()];
        const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: benchHeaders(token, name), body: b && JSON.stringify(b) });
        if (!res.ok) throw new Error(`capture: ${name} answered ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        const statements = log.slice(from);
        if (statements.some((s) => !s.done || s.tags.some((t) => t.startsWith('ERROR')))) throw new Error(`capture: ${name} answered before its statements completed, or one failed`);
        await new Promise((r) => setTimeout(r, 50)); // statements sent after the answer would show up here
        if (log.length !== from + statements.length) throw new Error(`capture: ${name} sent statements after its answer`);
        if (i >= warm) recorded.set(name, [...(recorded.get(name) ?? []), { route, body: b, at, statements, volatile: [] }]);
      }
    }
  } finally {
    await stopServer(child);
    server.close();
  }
  const requests = Object.fromEntries([...recorded].map(([name, [a, b]]) => [name, { ...a, volatile: volatile(name, a, b) }]));
  const typed = Object.values(requests).flatMap((r) => r.statements).filter((s) => s.types.length);
  if (typed.length) process.stderr.write(`capture: ${typed.length} statements declare parameter types; the replay sends every parameter untyped\n`);
  return { since, requests };
}

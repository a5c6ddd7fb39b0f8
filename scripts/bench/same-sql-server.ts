// The production server's SQL without its code: node:http + postgres.js replaying, per request, the
// statements capture-sql.ts read off the wire (BENCH_SQL_TRACE), prepared, in the same order, with
// the same connection pattern (a transaction on one reserved connection, statements the server ran
// side by side run side by side), and every row count checked against the capture. Started by track.ts.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import postgres from 'postgres';
import { v7 as uuidv7 } from 'uuid';
import type { Recorded, Stmt, Trace } from './capture-sql';
import { BENCH_PATH_HEADER, perRequestValues } from './request';

const trace = JSON.parse(readFileSync(process.env.BENCH_SQL_TRACE!, 'utf8')) as Trace;
// The production server's pool: openDatabase's default size, named statements.
const sql = postgres(process.env.DATABASE_URL!, { max: 10, prepare: true, onnotice: () => {}, fetch_types: false });
// Captured parameters are already their wire text: no serializer may touch them (postgres.js's
// jsonb one would encode a JSON document as a JSON string; no array types are fetched for the same reason).
for (const oid of Object.keys(sql.options.serializers).map(Number)) delete sql.options.serializers[oid];
process.on('SIGTERM', () => void sql.end({ timeout: 1 }).finally(() => process.exit(0))); // a reserved connection must not keep it alive
const EXTENDED = { prepare: true, simple: false }; // a statement without parameters that came as Parse/Bind stays so

const UUID7 = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/gi;
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;
const madeInCapture = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16) >= trace.since;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const scramble = (s: string, keep: number) => s.slice(0, keep) + s.slice(keep).replace(/[0-9]/g, () => String(randomInt(10))).replace(/[a-z]/g, () => String.fromCharCode(97 + randomInt(26))).replace(/[A-Z]/g, () => String.fromCharCode(65 + randomInt(26)));

// fromBody: the captured request's per-request body values (external id, customer, visitor) → their field
type Plan = Recorded & { fromBody: Map<string, string>; pattern: RegExp; steps: Stmt[][]; volatileValues: Set<string> };
const plans = new Map<string, Plan>(Object.entries(trace.requests).map(([name, r]) => {
  const strings = r.statements.flatMap((s) => s.params ?? []).filter((p): p is string => typeof p === 'string');
  const ids = new Set(strings.flatMap((p) => p.match(UUID7) ?? []).filter(madeInCapture));
  const fromBody = new Map(perRequestValues(r.body).map(([field, value]) => [value, field]));
  const literals = [...ids, ...r.volatile.map((v) => v.value), ...fromBody.keys()].sort((a, b) => b.length - a.length);
  // Statements the server sent before the previous one completed ran side by side (the summary's two aggregates).
  const steps: Stmt[][] = [];
  for (const s of r.statements) {
    const step = steps.at(-1);
    if (step && step.every((t) => s.sent < t.done)) step.push(s);
    else steps.push([s]);
  }
  // Whole values only: a short one (a refund's xmin, "761") also occurs inside ids ("…-7615-…"),
  // and replacing it there broke the workspace id of every replayed refund in some runs.
  const whole = (l: string) => `(?<![0-9A-Za-z])${escape(l)}(?![0-9A-Za-z])`;
  return [name, { ...r, fromBody, steps, volatileValues: new Set(r.volatile.map((v) => v.value)), pattern: new RegExp([...literals.map(whole), ISO.source].join('|'), 'g') }];
}));

// captured sale's ids → this server's, per external id: the refund names the ids the sale made.
const sales = new Map<string, Map<string, string>>();
const count = (tag: string) => / (\d+)$/.exec(tag)?.[1] ?? '';

/**
 * A per-request value the server read and sent back (a refund's version: the sale's xmin, which
 * its write compares) is this replay's own read, not a scrambled copy of the captured one: with a
 * copy the write matched no row and wrote nothing, and the replayed refund was cheap. A yes/no
 * answer (the refund's `written`) must come out as it did in the capture.
 */
function readBack(plan: Plan, s: Stmt, r: postgres.RowList<postgres.Row[]>, fresh: Map<string, string>) {
  const names = r.columns?.map((c) => c.name) ?? [];
  s.rows.forEach((cells, i) => cells.forEach((cell, j) => {
    const got = r[i]?.[names[j]];
    if ((cell === 't' || cell === 'f') && typeof got === 'boolean' && got !== (cell === 't')) throw new Error(`${names[j]} was ${cell} in the capture, ${got} replayed: ${s.text.slice(0, 200)}`);
    if (cell !== null && plan.volatileValues.has(cell) && got !== undefined && got !== null) fresh.set(cell, String(got));
  }));
}

async function replay(plan: Plan, body: Record<string, unknown>) {
  const ext = typeof body.external_id === 'string' ? body.external_id : undefined;
  const fresh = new Map(ext ? sales.get(ext) : undefined);
  if (ext) sales.delete(ext);
  const shift = Date.now() - plan.at; // timestamps move with the clock, so relative ones (hold_until) stay relative
  const volatile = new Map(plan.volatile.map((v) => [v.value, v.keep]));
  const substitute = (m: string) => {
    if (plan.fromBody.has(m)) return String(body[plan.fromBody.get(m)!]);
    if (/^\d{4}-/.test(m)) return new Date(Date.parse(m) + shift).toISOString();
    if (!fresh.has(m)) fresh.set(m, volatile.has(m) ? scramble(m, volatile.get(m)!) : uuidv7());
    return fresh.get(m)!;
  };
  const lanes = new Map<number, postgres.ReservedSql>(); // captured connection in a transaction → reserved connection
  let out: unknown;
  try {
    for (const step of plan.steps) {
      out = await Promise.all(step.map(async (s) => {
        if (/^\s*begin\b/i.test(s.text)) lanes.set(s.conn, await sql.reserve());
        const on: postgres.Sql = lanes.get(s.conn) ?? sql;
        const params = s.params?.map((p) => (typeof p === 'string' ? p.replace(plan.pattern, substitute) : p && Buffer.from(p.base64, 'base64')));
        const r = await (params ? on.unsafe(s.text, params, EXTENDED) : on.unsafe(s.text));
        if (/^\s*(commit|rollback)\b/i.test(s.text)) {
          lanes.get(s.conn)!.release();
          lanes.delete(s.conn);
        }
        if (s.tags.length === 1 && String(r.count ?? '') !== count(s.tags[0])) throw new Error(`${s.tags[0]} captured, ${r.command} ${r.count} replayed: ${s.text.slice(0, 200)}`);
        readBack(plan, s, r, fresh);
        return r;
      }));
    }
  } finally {
    for (const r of lanes.values()) await r.unsafe('rollback').finally(() => r.release());
  }
  if (ext && plan.route.endsWith('/sale')) sales.set(ext, fresh);
  return out;
}

createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    try {
      // several paths share a route (sales by ref, by cookie, renewals): the load names its path
      const named = req.headers[BENCH_PATH_HEADER];
      const plan = typeof named === 'string' ? plans.get(named) : undefined;
      if (!plan) return void res.writeHead(404).end();
      const out = await replay(plan, body ? JSON.parse(body) : {});
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
}).listen(Number(process.env.PORT));

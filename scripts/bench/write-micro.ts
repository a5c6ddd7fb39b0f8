// What a sale's write costs the database, part by part (issue 51; docs/benchmarks.md). Replays the
// write statement `npm run bench:track` captured (.data/bench/sql-trace.json, on the database it
// seeded: BENCH_DATABASE_URL) in batches of MICRO_BATCH documents with fresh ids, MICRO_BATCHES of
// them over MICRO_CONNECTIONS connections, and reports per sale: the CPU of its own backends (read
// from /proc, so other databases on a shared cluster do not count) and the WAL of one batch, this
// transaction's records only (pg_walinspect; MICRO_WAL=1 lists them by relation).
// MICRO_VARIANT: all (as captured); sql-no-events | sql-no-deltas | sql-no-commissions (the
// statement without that CTE); bare (the conversions alone, from the same documents).
// MICRO_PATH: another captured path whose last statement is its write ('sale by cookie', 'renewal').
// MICRO_PLAN: a plan_cache_mode for the session (auto, force_generic_plan, force_custom_plan).
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { v7 as uuidv7 } from 'uuid';
import type { Trace } from './capture-sql';
import { cpuMs } from './cpu';

const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/refcount_bench';
const PATH = process.env.MICRO_PATH ?? 'sale by ref';
const BATCH = Number(process.env.MICRO_BATCH ?? 8);
const BATCHES = Number(process.env.MICRO_BATCHES ?? 300);
const C = Number(process.env.MICRO_CONNECTIONS ?? 2);
const VARIANT = process.env.MICRO_VARIANT ?? 'all';
const trace = JSON.parse(readFileSync('.data/bench/sql-trace.json', 'utf8')) as Trace;
const captured = trace.requests[PATH].statements.at(-1)!;
const cut: Record<string, RegExp> = {
  'sql-no-events': /\n    events as \([\s\S]*?\n    \),/,
  'sql-no-deltas': /,\n    deltas as \([\s\S]*?\n    \)/,
  'sql-no-commissions': /\n    earned as \([\s\S]*?\n    \),/,
};
const text = cut[VARIANT] ? captured.text.replace(cut[VARIANT], '') : captured.text;
if (cut[VARIANT] && text === captured.text) throw new Error(`${VARIANT}: the statement no longer has that CTE`);
const BARE = `insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, external_id)
  select (d->'conversion'->>'id')::uuid, (d->'conversion'->>'workspace_id')::uuid, (d->'conversion'->>'campaign_id')::uuid,
    (d->'conversion'->>'affiliate_id')::uuid, 'sale', 'pending', 10000, d->'conversion'->>'external_id'
  from jsonb_array_elements($1::text::jsonb) d returning id`;

// A copy of the captured document with new ids (those the capture made) and a new external id.
const template = captured.params![0] as string;
const UUID7 = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/gi;
const madeInCapture = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16) >= trace.since;
const externalId = (JSON.parse(template) as { conversion: { external_id: string } }[])[0].conversion.external_id;
let serial = 0;
const one = () => {
  const fresh = new Map<string, string>();
  const renamed = template.replace(UUID7, (id) => {
    if (!madeInCapture(id)) return id;
    if (!fresh.has(id)) fresh.set(id, uuidv7());
    return fresh.get(id)!;
  });
  return JSON.parse(renamed.replaceAll(externalId, `micro_${Date.now()}_${serial++}`))[0];
};
const batch = () => JSON.stringify(Array.from({ length: BATCH }, one));

const sqls = Array.from({ length: C }, () => postgres(URL_, { max: 1, prepare: true, onnotice: () => {}, fetch_types: false }));
// the captured parameter is already wire text (as in same-sql-server.ts)
for (const s of sqls) for (const oid of Object.keys(s.options.serializers).map(Number)) delete s.options.serializers[oid];
if (process.env.MICRO_PLAN) for (const s of sqls) await s.unsafe(`set plan_cache_mode = ${process.env.MICRO_PLAN}`);
await sqls[0].unsafe('create extension if not exists pg_walinspect');
const pids = await Promise.all(sqls.map(async (s) => (await s.unsafe('select pg_backend_pid() as p'))[0].p as number));
const run = (s: postgres.Sql | postgres.TransactionSql, doc: string) => s.unsafe(VARIANT === 'bare' ? BARE : text, [doc], { prepare: true });

for (const s of sqls) for (let i = 0; i < 10; i++) await run(s, batch()); // plans made, caches warm
const docs = Array.from({ length: BATCHES }, batch);
const cpu0 = pids.map(cpuMs);
const t0 = performance.now();
let next = 0;
let written = 0;
await Promise.all(sqls.map(async (s) => {
  while (next < docs.length) {
    const rows = await run(s, docs[next++]);
    written += rows.length; // not `written += await …`: that reads `written` before the await
  }
}));
const ms = performance.now() - t0;
const cpu = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - cpu0[i], 0);
if (written !== BATCHES * BATCH) console.log(`written ${written} of ${BATCHES * BATCH}: a check of the statement failed`);

// One more batch in a transaction of its own, and the WAL records that transaction wrote.
const wal = await sqls[0].begin(async (tx) => {
  const [mark] = await tx.unsafe<{ xid: string; lsn: string }[]>('select txid_current()::text as xid, pg_current_wal_insert_lsn()::text as lsn');
  await run(tx, batch());
  return mark;
});
const byRelation = await sqls[0].unsafe(`
  select coalesce(c.relname, w.resource_manager) as rel, count(*)::int as records, sum(record_length - fpi_length)::int as bytes
  from pg_get_wal_records_info($1::pg_lsn, pg_current_wal_flush_lsn()) w
  left join pg_class c on c.relfilenode = (regexp_match(w.block_ref, 'rel \\d+/\\d+/(\\d+)'))[1]::oid
  where w.xid::text = $2 group by 1 order by 3 desc`, [wal.lsn, wal.xid]);
const [records, bytes] = ['records', 'bytes'].map((k) => byRelation.reduce((sum, r) => sum + (r[k] as number), 0));
const n = BATCHES * BATCH;
console.log(`${PATH} ${VARIANT}, batches of ${BATCH}: ${(n / (ms / 1000)).toFixed(0)} writes/s, backend CPU ${((cpu * 1000) / n).toFixed(0)} µs, WAL ${(records / BATCH).toFixed(1)} records and ${(bytes / BATCH).toFixed(0)} bytes (full-page images left out), per sale`);
if (process.env.MICRO_WAL) for (const r of byRelation) console.log(`  ${r.rel}: ${((r.records as number) / BATCH).toFixed(2)} records, ${((r.bytes as number) / BATCH).toFixed(0)} bytes`);
await Promise.all(sqls.map((s) => s.end()));

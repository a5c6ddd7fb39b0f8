// A sale's first read alone (server/store/sale-read.ts), this checkout's against another's
// (AB_SOURCE: a directory holding another checkout or worktree of this repository), on one
// freshly seeded PostgreSQL database: each side calls its own conversionFirstRead on a connection
// of its own, in interleaved rounds, and the figure is PostgreSQL backend CPU per sale (medians),
// steadier on a shared machine than whole requests (docs/benchmarks.md, 2026-11-29 night).
// BENCH_DATABASE_URL (dropped and seeded again), BENCH_CONVERSIONS (extra conversions, default
// 0: the table's size decides the plan), BENCH_BATCH (sales fired together, default 8),
// BENCH_ROUNDS (5) of BENCH_SALES (3000) each.
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type Database } from '@/db/client';
import { cpuMs } from './cpu';
import { benchVisitor, seedBench } from './seed';
import { median } from './stats';
import { hashToken } from '../../server/auth/tokens';
import { rowsOf } from '../../server/lib/rows';
import * as here from '../../server/store/sale-read';

type FirstRead = typeof here.conversionFirstRead;
if (!process.env.AB_SOURCE) throw new Error('AB_SOURCE: the directory of the other checkout');
const there = (await import(`${process.env.AB_SOURCE}/server/store/sale-read.ts`)) as typeof here;
const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/refcount_bench_first_read';
const [EXTRA, BATCH, ROUNDS, SALES] = [Number(process.env.BENCH_CONVERSIONS ?? 0), Number(process.env.BENCH_BATCH ?? 8), Number(process.env.BENCH_ROUNDS ?? 5), Number(process.env.BENCH_SALES ?? 3000)];
const PEOPLE = 1_000;

const seed = await seedBench({ url: URL_ }, 200, PEOPLE);
const admin = postgres(URL_, { max: 1, onnotice: () => {} });
await admin`
  insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, external_id, ts, created_at)
  select gen_random_uuid(), ${seed.workspaceId}, ${seed.campaignId}, ${seed.affiliateId}, 'sale', 'pending', 1000, 'extra_' || g, now(), now()
  from generate_series(1, ${EXTRA}::int) g`;
await admin.unsafe('analyze');
const [{ n: conversions }] = await admin<{ n: number }[]>`select count(*)::int as n from conversions`;
await admin.end();

type Side = { name: string; read: FirstRead; database: Database; pid: number };
async function side(name: string, read: FirstRead): Promise<Side> {
  const database = await openDatabase({ url: URL_, max: 1 });
  const [{ pid }] = await rowsOf<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
  return { name, read, database, pid };
}
// as the production server reads a sale under a key it verified before (the presumed key's check included)
const underKey = hashToken(seed.token);
const sides = [await side('other', there.conversionFirstRead), await side('this', here.conversionFirstRead)];

let sale = 0;
async function run(s: Side, count: number) {
  const ctx = { db: s.database.db, workspaceId: seed.workspaceId } as Parameters<FirstRead>[0]['ctx'];
  const before = cpuMs(s.pid);
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(Array.from({ length: BATCH }, () => {
      const n = sale++;
      return s.read({ ctx, externalId: `absent_${n}`, underKey, at: new Date(), visitorId: benchVisitor(n, PEOPLE) });
    }));
  }
  return ((cpuMs(s.pid) - before) * 1000) / count;
}

for (const s of sides) await run(s, 300); // plans settle (the generic one after five runs)
const pg = new Map<string, number[]>(sides.map((s) => [s.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const s of round % 2 ? [...sides].reverse() : sides) pg.get(s.name)!.push(await run(s, SALES));
}
const [other, mine] = sides.map((s) => median(pg.get(s.name)!));
process.stdout.write(`first read of a sale by cookie, ${conversions} conversions, ${BATCH} sales fired together, ${ROUNDS} interleaved rounds of ${SALES}:
PostgreSQL backend µs per sale (median): other ${other.toFixed(0)}, this ${mine.toFixed(0)} (this / other ${(mine / other).toFixed(2)}x)
`);
await Promise.all(sides.map((s) => s.database.close()));
process.exit(0);

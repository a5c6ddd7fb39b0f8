// npm run bench:reports: p50/p99 of the report endpoints and the list reads (commissions,
// conversions, affiliates) over HTTP on PostgreSQL with 10M clicks and 1M conversions (raw rows,
// their commissions and daily rollups), beside a same-run baseline: a bare `select 1` through the
// same HTTP server and connection pool, so the result reads as a ratio. A list page should cost
// the same at any size: run twice 10x apart (separate DATABASE_URLs) and compare the p50s.
// Sizes: BENCH_CLICKS, BENCH_CONVERSIONS, BENCH_AFFILIATES, BENCH_DAYS, BENCH_REQUESTS
// (e.g. BENCH_CLICKS=200000 BENCH_CONVERSIONS=20000 for a quick run); BENCH_REUSE=1 measures
// the database an earlier run seeded.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@/db/client';
import { createNodeV1Handler } from '@/server/http/v1/handler';
import { createServices } from '@/server/runtime/services';
import { readConfig } from '@/server/lib/env';
import { describeSeeded, seedReports } from './reports-seed';
import { percentile } from './stats';

const URL_ = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/refcount_bench_reports';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const sizes = {
  clicks: Number(process.env.BENCH_CLICKS ?? 10_000_000),
  conversions: Number(process.env.BENCH_CONVERSIONS ?? 1_000_000),
  affiliates: Number(process.env.BENCH_AFFILIATES ?? 1_000),
  days: Number(process.env.BENCH_DAYS ?? 365),
};

const seeded = process.env.BENCH_REUSE === '1' ? await describeSeeded(URL_) : await seedReports(URL_, sizes);
const database = await openDatabase({ url: URL_, max: 10 });
const services = createServices(database, readConfig({ ...process.env, RATE_LIMIT_PER_MINUTE: '1000000000' }));
const v1 = createNodeV1Handler(services);
const server = createServer((req, res) => {
  if (req.url !== '/baseline') return void v1(req, res);
  void database.db.execute('select 1').then(() => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function measure(path: string) {
  const headers = { Authorization: `Bearer ${seeded.token}` };
  const once = async () => {
    const t = performance.now();
    const res = await fetch(base + path, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const year = `from=${seeded.firstDay}&to=${seeded.lastDay}`;
const cases = [
  ['baseline select 1', '/baseline'],
  ['summary (30 d)', '/v1/reports/summary'],
  ['summary (full range)', `/v1/reports/summary?${year}`],
  ['summary (affiliate, full)', `/v1/reports/summary?${year}&affiliate_id=${seeded.affiliateId}`],
  ['timeseries day (30 d)', '/v1/reports/timeseries?metric=revenue&interval=day'],
  ['timeseries week (full)', `/v1/reports/timeseries?metric=conversions&interval=week&${year}`],
  ['timeseries month (campaign)', `/v1/reports/timeseries?metric=clicks&interval=month&${year}&campaign_id=${seeded.campaignId}`],
  ['affiliates (30 d)', '/v1/reports/affiliates'],
  ['affiliates (full, by conv.)', `/v1/reports/affiliates?${year}&sort=conversions&limit=100`],
  ['list commissions', '/v1/commissions?limit=50'],
  ['list commissions (approved)', '/v1/commissions?limit=50&status=approved'],
  ['list commissions (affiliate)', `/v1/commissions?limit=50&affiliate_id=${seeded.affiliateId}`],
  ...(seeded.idleAffiliateId ? [['list comm. (idle affiliate)', `/v1/commissions?limit=50&affiliate_id=${seeded.idleAffiliateId}`] as const] : []),
  // Pages are offset-only (server/lib/pagination.ts). A fixed depth, so the rows stepped over
  // are the same at any size once the table holds that many (the smallest suggested size does).
  ['list commissions (offset 10k)', '/v1/commissions?limit=50&offset=10000'],
  ['list conversions', '/v1/conversions?limit=50'],
  ['list conversions (offset 10k)', '/v1/conversions?limit=50&offset=10000'],
  ['list affiliates', '/v1/affiliates?limit=50'],
] as const;

const lines: string[] = [];
let baseline = { p50: 1, p99: 1 };
let worst = 0;
for (const [name, path] of cases) {
  const r = await measure(path);
  if (path === '/baseline') baseline = r;
  else worst = Math.max(worst, r.p99);
  lines.push(
    `${name.padEnd(30)} p50 ${r.p50.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  (${(r.p50 / baseline.p50).toFixed(1)}x / ${(r.p99 / baseline.p99).toFixed(1)}x baseline)`,
  );
}
server.close();
await database.close();
process.stdout.write(
  `\nPostgreSQL, ${seeded.counts.clicks} clicks, ${seeded.counts.conversions} conversions, ${seeded.counts.commissions} commissions, ${seeded.counts.rollups} rollup rows, ` +
    `${sizes.affiliates} affiliates over ${sizes.days} days; ${REQUESTS} sequential requests per case\n${lines.join('\n')}\n` +
    `worst report p99 ${worst.toFixed(1)} ms (target < 100 ms): ${worst < 100 ? 'OK' : 'OVER'}\n`,
);
process.exit(worst < 100 ? 0 : 1);

// The benchmark's floor: bare node:http + postgres.js with none of Refcount's code. Each tracking
// request is ONE prepared statement (the practical limit of one durable write per request); each
// read is the same SQL the API runs, prepared. Started by track.ts with the ids it seeded.
import { createServer } from 'node:http';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, prepare: true, onnotice: () => {} });
const { BENCH_WORKSPACE_ID: ws, BENCH_CAMPAIGN_ID: campaign, BENCH_AFFILIATE_ID: affiliate } = process.env;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
  'POST /v1/track/click': (b) =>
    sql`insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, match_method, match_confidence)
        values (gen_random_uuid(), ${ws!}, ${campaign!}, ${affiliate!}, ${String(b.ref)}, 'new', 1) returning id`,
  'POST /v1/track/sale': (b) =>
    sql`insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, external_id)
        values (gen_random_uuid(), ${ws!}, ${campaign!}, ${affiliate!}, 'sale', 'pending', ${Number(b.amount)}, ${String(b.external_id)}) returning id`,
  'POST /v1/track/refund': (b) =>
    sql`update conversions set refunded_amount = ${Number(b.amount)} where workspace_id = ${ws!} and external_id = ${String(b.external_id)} returning id`,
  'GET /v1/affiliates?limit=50': () =>
    sql`select * from affiliates where workspace_id = ${ws!} order by created_at desc, id desc limit 51 offset 0`,
  'GET /v1/reports/summary': async () => {
    await sql`select * from workspace_settings where workspace_id = ${ws!}`;
    const from = daysAgo(29);
    const to = today();
    return Promise.all([
      sql`select coalesce(sum(clicks), 0) as clicks, coalesce(sum(leads), 0) as leads, coalesce(sum(sales), 0) as sales,
            coalesce(sum(revenue) filter (where currency = 'usd'), 0) as revenue, coalesce(sum(commissions) filter (where currency = 'usd'), 0) as commissions
          from daily_rollups where workspace_id = ${ws!} and day between ${from} and ${to}`,
      sql`select currency, sum(sales), sum(revenue), sum(commissions) from daily_rollups
          where workspace_id = ${ws!} and day between ${from} and ${to} and currency <> ''
          group by currency having sum(sales) <> 0 or sum(revenue) <> 0 or sum(commissions) <> 0 order by sum(sales) desc, currency`,
    ]);
  },
};

createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    try {
      const route = routes[`${req.method} ${req.url}`];
      if (!route) return void res.writeHead(404).end();
      const out = await route(body ? JSON.parse(body) : {});
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
}).listen(Number(process.env.PORT));

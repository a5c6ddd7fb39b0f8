// The benchmark's floor: bare node:http + a database driver with none of Refcount's code. Each
// tracking request is ONE prepared statement (the practical limit of one durable write per
// request) doing the least SQL for the same job: a click or a sale is credited to the affiliate
// its request names, found by the statement's own SELECT (docs/benchmarks.md#the-bare-server);
// each read is the same SQL the API runs. PostgreSQL through postgres.js, or with
// BENCH_PGLITE_DIR an embedded PGlite (the quick start's database). Started by track.ts.
import { PGlite } from '@electric-sql/pglite';
import { createServer } from 'node:http';
import postgres from 'postgres';

type Run = (text: string, params: unknown[]) => Promise<unknown>;
const driver = async (): Promise<{ run: Run; close: () => Promise<void> }> => {
  if (process.env.BENCH_PGLITE_DIR) {
    const db = await PGlite.create(process.env.BENCH_PGLITE_DIR);
    return { run: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
  }
  const sql = postgres(process.env.DATABASE_URL!, { max: 10, prepare: true, onnotice: () => {} });
  return { run: (text, params) => sql.unsafe(text, params as never[], { prepare: true }), close: () => sql.end() };
};
const { run, close } = await driver();
process.on('SIGTERM', () => void close().finally(() => process.exit(0)));
const { BENCH_WORKSPACE_ID: ws, BENCH_CAMPAIGN_ID: campaign } = process.env;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

// Reports are exact: they read the folded rollups and the deltas not folded yet (rollup_deltas).
const ROLLUPS = `(select workspace_id, day, currency, clicks, leads, sales, revenue, commissions from daily_rollups
  union all select workspace_id, day, currency, clicks, leads, sales, revenue, commissions from rollup_deltas) r`;

// A sale credited the way its request names: a referral code's active affiliate; the visitor's
// latest click inside its campaign's cookie window, from an affiliate still active; the customer's
// latest earlier sale (a renewal). One INSERT ... SELECT each.
const saleInsert = (credited: string) => `insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, external_id, customer_id)
  select gen_random_uuid(), $1, x.campaign_id, x.affiliate_id, 'sale', 'pending', $2, $3, $5 from (${credited}) x returning id`;
const sale = {
  byRef: (b: Record<string, unknown>) =>
    run(saleInsert(`select coalesce(a.campaign_id, $6::uuid) as campaign_id, a.id as affiliate_id from affiliates a
      where a.workspace_id = $1 and a.ref_code = $4 and a.status = 'active'`), [ws, Number(b.amount), String(b.external_id), String(b.ref), null, campaign]),
  byCookie: (b: Record<string, unknown>) =>
    run(saleInsert(`select c.campaign_id, c.affiliate_id from clicks c
      join campaigns k on k.id = c.campaign_id join affiliates a on a.id = c.affiliate_id and a.status = 'active'
      where c.workspace_id = $1 and c.visitor_key = $4 and c.created_at > now() - make_interval(days => k.cookie_window_days)
      order by c.created_at desc limit 1`), [ws, Number(b.amount), String(b.external_id), String(b.visitor_id), null]),
  byCustomer: (b: Record<string, unknown>) =>
    run(saleInsert(`select p.campaign_id, p.affiliate_id from conversions p join affiliates a on a.id = p.affiliate_id and a.status = 'active'
      where p.workspace_id = $1 and p.customer_id = $4 order by p.ts desc limit 1`), [ws, Number(b.amount), String(b.external_id), String(b.customer_id), String(b.customer_id)]),
};

const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
  // a new visitor's click on a referral code: its active affiliate, in the affiliate's campaign
  'POST /v1/track/click': (b) =>
    run(`insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, match_method, match_confidence)
         select gen_random_uuid(), $1, coalesce(a.campaign_id, $3), a.id, gen_random_uuid()::text, 'new', 1
         from affiliates a where a.workspace_id = $1 and a.ref_code = $2 and a.status = 'active' returning id`, [ws, String(b.ref), campaign]),
  'POST /v1/track/sale': (b) => (b.visitor_id ? sale.byCookie(b) : b.customer_id ? sale.byCustomer(b) : sale.byRef(b)),
  'POST /v1/track/refund': (b) =>
    run(`update conversions set refunded_amount = $1 where workspace_id = $2 and external_id = $3 returning id`, [Number(b.amount), ws, String(b.external_id)]),
  'GET /v1/affiliates?limit=50': () =>
    run(`select id, email, name, ref_code, status, campaign_id, payout_email, created_at, approved_at, commissions_held_at
         from affiliates where workspace_id = $1 order by created_at desc, id desc limit 51 offset 0`, [ws]),
  'GET /v1/reports/summary': async () => {
    await run(`select * from workspace_settings where workspace_id = $1`, [ws]);
    return run(`select grouping(currency), currency, coalesce(sum(clicks), 0), coalesce(sum(leads), 0), coalesce(sum(sales), 0),
           coalesce(sum(revenue), 0), coalesce(sum(commissions), 0),
           coalesce(sum(revenue) filter (where currency = 'usd'), 0), coalesce(sum(commissions) filter (where currency = 'usd'), 0)
         from ${ROLLUPS} where workspace_id = $1 and day between $2 and $3 group by grouping sets ((), (currency))`, [ws, day(29), day(0)]);
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

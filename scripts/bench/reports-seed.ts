// Seeds a fresh PostgreSQL database for bench:reports with set-based SQL only (generate_series):
// raw clicks and conversions, then their daily_rollups aggregated from those raw rows.
import postgres from 'postgres';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { systemActor } from '@/server/domain/context';
import { createWorkspaceKey } from '@/server/domain/keys/workspace-keys';
import { createWorkspace } from '@/server/domain/workspaces/create-workspace';

export type Sizes = { clicks: number; conversions: number; affiliates: number; days: number };
const CHUNK = 1_000_000;
const log = (msg: string, t0: number) => process.stderr.write(`bench:reports ${msg} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

function withDb(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Inserts rows lo..hi of a series in 1M-row statements, two at a time (one per core). */
async function inChunks(sql: postgres.Sql, total: number, statement: (lo: number, hi: number) => string) {
  const chunks: [number, number][] = [];
  for (let lo = 1; lo <= total; lo += CHUNK) chunks.push([lo, Math.min(total, lo + CHUNK - 1)]);
  const worker = async () => {
    for (let c = chunks.shift(); c; c = chunks.shift()) await sql.unsafe(statement(c[0], c[1]));
  };
  await Promise.all([worker(), worker()]);
}

export async function seedReports(url: string, sizes: Sizes) {
  const t0 = performance.now();
  const name = new URL(url).pathname.slice(1);
  const admin = postgres(withDb(url, 'postgres'), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const database = await openDatabase({ url, max: 2 });
  await migrate(database);
  const ws = await createWorkspace(database.db, { name: 'Bench' });
  await database.close();

  const sql = postgres(url, { max: 2, onnotice: () => {} });
  await sql.unsafe(`set maintenance_work_mem = '256MB'`);
  const w = `'${ws.id}'::uuid`;
  const [a, b] = await sql.unsafe<{ id: string }[]>(`insert into campaigns (id, workspace_id, name) values (gen_random_uuid(), ${w}, 'A'), (gen_random_uuid(), ${w}, 'B') returning id`);
  await sql.unsafe(`
    insert into affiliates (id, workspace_id, campaign_id, email, name, ref_code, status)
    select gen_random_uuid(), ${w}, case when g % 2 = 0 then '${a.id}'::uuid else '${b.id}'::uuid end,
           'a' || g || '@bench.example', 'Affiliate ' || g, 'a' || g, 'active'
    from generate_series(0, ${sizes.affiliates - 1}) g`);
  await sql.unsafe(`create unlogged table bench_aff as select row_number() over (order by id) - 1 as n, id, campaign_id from affiliates`);
  await sql.unsafe(`create index on bench_aff (n)`);

  // Bulk load without the secondary indexes, then build them once (far faster than 11M
  // random-order b-tree inserts); reports never read these tables, but the sizes stay honest.
  const indexes = await sql.unsafe<{ indexname: string; indexdef: string }[]>(
    `select indexname, indexdef from pg_indexes where tablename in ('clicks', 'conversions') and indexname not like '%_pkey'`,
  );
  for (const i of indexes) await sql.unsafe(`drop index ${i.indexname}`);
  await sql.unsafe(`alter table clicks drop constraint clicks_pkey`);
  await sql.unsafe(`alter table conversions drop constraint conversions_pkey`);
  log('schema ready', t0);

  const spread = (g: string) => `now() - ((${g} * 7919) % ${sizes.days}) * interval '1 day' - ((${g} * 104729) % 86400) * interval '1 second'`;
  await inChunks(sql, sizes.clicks, (lo, hi) => `
    insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, match_method, match_confidence, source, created_at)
    select gen_random_uuid(), ${w}, a.campaign_id, a.id, 'v_' || g, 'new', 1, 'api', ${spread('g')}
    from generate_series(${lo}::bigint, ${hi}::bigint) g join bench_aff a on a.n = (g * 31) % ${sizes.affiliates}`);
  log(`${sizes.clicks} clicks`, t0);
  await inChunks(sql, sizes.conversions, (lo, hi) => `
    insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, refunded_amount, currency, external_id, ts)
    select gen_random_uuid(), ${w}, a.campaign_id, a.id, case when g % 5 = 0 then 'lead' else 'sale' end,
           case when g % 20 = 1 then 'refunded' else 'confirmed' end,
           case when g % 5 = 0 then 0 else 1000 + (g % 100) * 100 end, case when g % 20 = 1 then 1000 + (g % 100) * 100 else 0 end,
           'usd', 'o' || g, ${spread('g')}
    from generate_series(${lo}::bigint, ${hi}::bigint) g join bench_aff a on a.n = (g * 17) % ${sizes.affiliates}`);
  log(`${sizes.conversions} conversions`, t0);

  // Standing conversions only, revenue net of refunds, a 30 % commission: what the engine's
  // contributions would have added one by one. One insert in day order, as days accrue in
  // production (an upsert here would leave every row twice on disk).
  await sql.unsafe(`
    insert into daily_rollups (workspace_id, day, campaign_id, affiliate_id, clicks, leads, sales, revenue, commissions)
    select workspace_id, day, campaign_id, affiliate_id, sum(clicks), sum(leads), sum(sales), sum(revenue), sum(commissions)
    from (
      select workspace_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, campaign_id, affiliate_id,
             count(*) as clicks, 0 as leads, 0 as sales, 0 as revenue, 0 as commissions
      from clicks group by 1, 2, 3, 4
      union all
      select workspace_id, to_char(ts at time zone 'UTC', 'YYYY-MM-DD'), campaign_id, affiliate_id, 0,
             count(*) filter (where type = 'lead' and status = 'confirmed'), count(*) filter (where type = 'sale' and status = 'confirmed'),
             coalesce(sum(amount - refunded_amount) filter (where type = 'sale' and status = 'confirmed'), 0),
             coalesce(sum(amount * 30 / 100) filter (where type = 'sale' and status = 'confirmed'), 0)
      from conversions group by 1, 2, 3, 4
    ) parts
    group by 1, 2, 3, 4 order by 2, 3, 4`);
  log('daily rollups', t0);

  await Promise.all([
    (async () => {
      await sql.unsafe(`alter table clicks add primary key (id)`);
      for (const i of indexes.filter((x) => x.indexdef.includes(' ON public.clicks '))) await sql.unsafe(i.indexdef);
    })(),
    (async () => {
      await sql.unsafe(`alter table conversions add primary key (id)`);
      for (const i of indexes.filter((x) => !x.indexdef.includes(' ON public.clicks '))) await sql.unsafe(i.indexdef);
    })(),
  ]);
  await sql.unsafe(`drop table bench_aff`);
  await sql.unsafe(`vacuum analyze`);
  log('indexes rebuilt, analyzed', t0);

  await sql.end();
  return describeSeeded(url);
}

/** Reads what an earlier seed left (BENCH_REUSE=1 measures again without seeding). */
export async function describeSeeded(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [ws] = await sql.unsafe<{ id: string }[]>(`select id from workspaces limit 1`);
  const [campaign] = await sql.unsafe<{ id: string }[]>(`select id from campaigns order by name limit 1`);
  const database = await openDatabase({ url, max: 1 });
  const { token } = await createWorkspaceKey({ ctx: { db: database.db, workspaceId: ws.id, actor: systemActor('seed') }, input: { scopes: ['read'] } });
  await database.close();
  const [counts] = await sql.unsafe<{ clicks: number; conversions: number; rollups: number; first: string; last: string }[]>(`
    select (select count(*)::int from clicks) as clicks, (select count(*)::int from conversions) as conversions,
           (select count(*)::int from daily_rollups) as rollups, (select min(day) from daily_rollups) as first, (select max(day) from daily_rollups) as last`);
  const [aff] = await sql.unsafe<{ id: string }[]>(`select id from affiliates order by ref_code limit 1`);
  await sql.end();
  return { token, campaignId: campaign.id, affiliateId: aff.id, firstDay: counts.first, lastDay: counts.last, counts };
}

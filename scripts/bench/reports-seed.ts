// Seeds a fresh PostgreSQL database for bench:reports with set-based SQL only (generate_series):
// raw clicks and conversions (1 % of them test ones), an earning commission per sale and the
// payouts that settled the old ones, then their daily_rollups aggregated from those raw rows.
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
  // Sign-ups spread over the range: one shared created_at would make the affiliates list's
  // newest-first order a tie broken by id alone.
  await sql.unsafe(`
    insert into affiliates (id, workspace_id, group_id, campaign_id, email, name, ref_code, status, created_at)
    select gen_random_uuid(), ${w}, (select id from affiliate_groups where workspace_id = ${w} and is_default), case when g % 2 = 0 then '${a.id}'::uuid else '${b.id}'::uuid end,
           'a' || g || '@bench.example', 'Affiliate ' || g, 'a' || g, 'active',
           now() - ${sizes.days} * interval '1 day' * (${sizes.affiliates} - g) / ${sizes.affiliates}
    from generate_series(0, ${sizes.affiliates - 1}) g`);
  await sql.unsafe(`create unlogged table bench_aff as select row_number() over (order by id) - 1 as n, id, campaign_id from affiliates`);
  await sql.unsafe(`create index on bench_aff (n)`);
  // One affiliate who joined today and has sold nothing yet, outside bench_aff so nothing is
  // attributed to it: a program's long tail looks like this, and a list filtered to it has no page
  // to fill, so it shows what finding that out costs.
  await sql.unsafe(`
    insert into affiliates (id, workspace_id, group_id, campaign_id, email, name, ref_code, status)
    values (gen_random_uuid(), ${w}, (select id from affiliate_groups where workspace_id = ${w} and is_default), '${a.id}'::uuid, 'new@bench.example', 'Newcomer', 'new', 'active')`);

  // The month partitions production has for past clicks (the clicks.partitions job creates each
  // ahead of time), rather than every click but this month's landing in clicks_default.
  await sql.unsafe(`
    select clicks_ensure_month(m::date)
    from generate_series(date_trunc('month', (now() - ${sizes.days} * interval '1 day') at time zone 'UTC'),
                         now() at time zone 'UTC', interval '1 month') m`);

  // Bulk load without primary keys and secondary indexes, then build them once (far faster than
  // 12M random-order b-tree inserts). The report endpoints read only rollups, the list endpoints
  // read these tables through exactly these indexes: the definitions are re-run as migrated.
  const tables = `('clicks', 'conversions', 'commissions')`;
  const keys = await sql.unsafe<{ table: string; name: string; def: string }[]>(`
    select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
    from pg_constraint where contype = 'p' and conrelid::regclass::text in ${tables}`);
  const indexes = await sql.unsafe<{ table: string; indexname: string; indexdef: string }[]>(`
    select tablename as table, indexname, indexdef from pg_indexes
    where tablename in ${tables} and indexname not in (select conname from pg_constraint where contype = 'p')`);
  for (const i of indexes) await sql.unsafe(`drop index ${i.indexname}`);
  for (const k of keys) await sql.unsafe(`alter table ${k.table} drop constraint ${k.name}`);
  log('schema ready', t0);

  const spread = (g: string) => `now() - ((${g} * 7919) % ${sizes.days}) * interval '1 day' - ((${g} * 104729) % 86400) * interval '1 second'`;
  await inChunks(sql, sizes.clicks, (lo, hi) => `
    insert into clicks (id, workspace_id, campaign_id, affiliate_id, visitor_key, match_method, match_confidence, source, created_at)
    select gen_random_uuid(), ${w}, a.campaign_id, a.id, 'v_' || g, 'new', 1, 'api', ${spread('g')}
    from generate_series(${lo}::bigint, ${hi}::bigint) g join bench_aff a on a.n = (g * 31) % ${sizes.affiliates}`);
  log(`${sizes.clicks} clicks`, t0);
  // Conversions (and below, their commissions) land on disk in time order, as a live workspace
  // appends them: a list walks its index newest first, and how many heap pages a page of rows
  // (or a deep offset) touches depends on that order; scattered, every row costs its own page.
  // The affiliate is g's residue mod affiliates; kind, status and amount follow h = g + g / affiliates
  // instead of g, so each affiliate gets the mix (with g, g % 5 = 0 made a fifth of them lead-only,
  // and which one the bench filters on was a lottery). h % 100 = 37 marks 1 % test conversions,
  // all sales (37 % 5 = 2), spread over time and affiliates: the commissions list has to step
  // over theirs wherever a page falls.
  const inOrder = (g: string) => `now() - ${sizes.days} * interval '1 day' * (${sizes.conversions} - ${g}) / ${sizes.conversions}`;
  await inChunks(sql, sizes.conversions, (lo, hi) => `
    insert into conversions (id, workspace_id, campaign_id, affiliate_id, type, status, amount, refunded_amount, currency, external_id, is_test, ts, created_at, updated_at)
    select gen_random_uuid(), ${w}, a.campaign_id, a.id, case when h % 5 = 0 then 'lead' else 'sale' end,
           case when h % 20 = 1 then 'refunded' else 'confirmed' end,
           case when h % 5 = 0 then 0 else 1000 + (h % 100) * 100 end, case when h % 20 = 1 then 1000 + (h % 100) * 100 else 0 end,
           'usd', 'o' || g, h % 100 = 37, t, t, t
    from generate_series(${lo}::bigint, ${hi}::bigint) g join bench_aff a on a.n = (g * 17) % ${sizes.affiliates}
    cross join lateral (select g + g / ${sizes.affiliates} as h, ${inOrder('g')} as t) x
    order by g`);
  log(`${sizes.conversions} conversions`, t0);

  // Commission states follow age as the engine and payout runs leave them: pending within the
  // 30-day hold, approved until the next monthly payout, paid after; ~2 % denied at review, a
  // refunded sale's earning reversed, and a tenth of the affiliates never reach the payout
  // minimum (their approved ones pile up at every age, so "approved" is not just a recent band).
  // Test sales get one too, though the engine writes none for them (plan-ledger's earnerOf): the
  // worst case for the list's NOT EXISTS, which then has rows to step over, not only to probe.
  // One instant for both statements below, so a sale on the 60-day edge is paid in both or neither.
  const [{ now }] = await sql.unsafe<{ now: string }[]>(`select now()::text as now`);
  const statusOf = `case
      when c.status = 'refunded' then 'reversed'
      when c.ts > '${now}'::timestamptz - interval '30 days' then 'pending'
      when get_byte(uuid_send(c.id), 0) % 50 = 0 then 'denied'
      when c.ts < '${now}'::timestamptz - interval '60 days' and get_byte(uuid_send(c.affiliate_id), 0) % 10 <> 0 then 'paid'
      else 'approved' end`;
  const month = `date_trunc('month', c.ts at time zone 'UTC')`;
  // One paid payout per affiliate and month, written first so each paid commission names its own.
  await sql.unsafe(`
    insert into payouts (id, workspace_id, affiliate_id, amount, currency, status, created_at, updated_at, paid_at)
    select gen_random_uuid(), ${w}, affiliate_id, sum(amount), 'usd', 'paid', paid_at, paid_at, paid_at
    from (select c.affiliate_id, c.amount * 30 / 100 as amount, (${month} + interval '1 month' + interval '3 days') at time zone 'UTC' as paid_at
          from conversions c where c.type = 'sale' and ${statusOf} = 'paid') paid
    group by affiliate_id, paid_at`);
  await sql.unsafe(`
    insert into commissions (id, workspace_id, affiliate_id, conversion_id, amount, computed_amount, currency, status, kind,
                             restore_status, reward_type, period_index, payout_id, hold_until, created_at, updated_at)
    select gen_random_uuid(), c.workspace_id, c.affiliate_id, c.id, c.amount * 30 / 100, c.amount * 30 / 100, c.currency, s.status, 'earning',
           case when s.status = 'reversed' then (case when c.ts > '${now}'::timestamptz - interval '30 days' then 'pending' else 'approved' end) end,
           'cash', 0, p.id, c.ts + interval '30 days', c.ts,
           case when s.status = 'pending' then c.ts else least('${now}'::timestamptz, coalesce(p.paid_at, c.ts + interval '30 days')) end
    from conversions c
    cross join lateral (select ${statusOf} as status) s
    left join payouts p on s.status = 'paid' and p.affiliate_id = c.affiliate_id
                       and p.paid_at = (${month} + interval '1 month' + interval '3 days') at time zone 'UTC'
    where c.type = 'sale'
    order by c.ts`);
  log('commissions and payouts', t0);

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
      from conversions where not is_test group by 1, 2, 3, 4
    ) parts
    group by 1, 2, 3, 4 order by 2, 3, 4`);
  log('daily rollups', t0);

  // Two builders, one per core: clicks (the largest) on one, conversions then commissions on the other.
  const rebuild = async (table: string) => {
    for (const k of keys.filter((x) => x.table === table)) await sql.unsafe(`alter table ${table} add constraint ${k.name} ${k.def}`);
    for (const i of indexes.filter((x) => x.table === table)) await sql.unsafe(i.indexdef);
  };
  await Promise.all([rebuild('clicks'), (async () => {
    await rebuild('conversions');
    await rebuild('commissions');
  })()]);
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
  const [counts] = await sql.unsafe<{ clicks: number; conversions: number; commissions: number; rollups: number; first: string; last: string }[]>(`
    select (select count(*)::int from clicks) as clicks, (select count(*)::int from conversions) as conversions,
           (select count(*)::int from commissions) as commissions,
           (select count(*)::int from daily_rollups) as rollups, (select min(day) from daily_rollups) as first, (select max(day) from daily_rollups) as last`);
  const [aff] = await sql.unsafe<{ id: string }[]>(`select id from affiliates order by ref_code limit 1`);
  const [idle] = await sql.unsafe<{ id: string }[]>(
    `select id from affiliates a where not exists (select from commissions c where c.affiliate_id = a.id) order by ref_code limit 1`,
  );
  await sql.end();
  return { token, campaignId: campaign.id, affiliateId: aff.id, idleAffiliateId: idle?.id, firstDay: counts.first, lastDay: counts.last, counts };
}

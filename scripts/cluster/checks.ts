import type postgres from 'postgres';

// What the database holds after the run, for the assertions of run.ts.

export async function duplicates(sql: postgres.Sql, ws: string) {
  const [conv] = await sql`select count(*)::int as n from (select external_id from conversions where workspace_id = ${ws} group by external_id having count(*) > 1) d`;
  const [comm] = await sql`select count(*)::int as n from (select conversion_id from commissions where workspace_id = ${ws} and kind = 'earning' group by conversion_id, affiliate_id having count(*) > 1) d`;
  return { conversions: conv.n as number, commissions: comm.n as number };
}

/** External ids of `ids` that have no conversion, or no earning commission. */
export async function missing(sql: postgres.Sql, ws: string, externalIds: string[]) {
  const rows = await sql`select c.external_id, count(k.id)::int as earnings from conversions c
    left join commissions k on k.conversion_id = c.id and k.kind = 'earning'
    where c.workspace_id = ${ws} and c.external_id = any(${externalIds}) group by c.external_id`;
  const found = new Map(rows.map((r) => [r.external_id as string, r.earnings as number]));
  return {
    conversions: externalIds.filter((id) => !found.has(id)),
    commissions: externalIds.filter((id) => found.has(id) && found.get(id) !== 1),
  };
}

/** The rollups' totals against the raw rows they summarise. */
export async function rollupsVsRaw(sql: postgres.Sql, ws: string) {
  const [r] = await sql`select coalesce(sum(clicks), 0)::bigint as clicks, coalesce(sum(sales), 0)::bigint as sales,
    coalesce(sum(revenue), 0)::bigint as revenue, coalesce(sum(commissions), 0)::bigint as commissions from daily_rollups where workspace_id = ${ws}`;
  const [clicks] = await sql`select count(*)::bigint as n from clicks where workspace_id = ${ws}`;
  const [sales] = await sql`select count(*)::bigint as n, coalesce(sum(amount - refunded_amount), 0)::bigint as revenue from conversions
    where workspace_id = ${ws} and type = 'sale' and not is_test and status not in ('refunded', 'reversed', 'chargeback')`;
  const [comm] = await sql`select coalesce(sum(k.amount), 0)::bigint as n from commissions k join conversions c on c.id = k.conversion_id
    where k.workspace_id = ${ws} and not c.is_test and k.status not in ('reversed', 'denied')`;
  return {
    rollups: { clicks: Number(r.clicks), sales: Number(r.sales), revenue: Number(r.revenue), commissions: Number(r.commissions) },
    raw: { clicks: Number(clicks.n), sales: Number(sales.n), revenue: Number(sales.revenue), commissions: Number(comm.n) },
  };
}

/** Events recorded for the workspace, and deliveries not yet finished. */
export async function webhookState(sql: postgres.Sql, ws: string) {
  const events = await sql`select id from webhook_events where workspace_id = ${ws}`;
  const [pending] = await sql`select count(*)::int as n from webhook_deliveries d join webhook_events e on e.id = d.event_id
    where e.workspace_id = ${ws} and d.status not in ('delivered', 'succeeded', 'failed', 'dead')`;
  return { events: events.map((e) => e.id as string), pending: pending.n as number };
}

/** Completed runs of scheduled queues since the run began (pg-boss keeps them in job/archive). */
export async function scheduledRuns(sql: postgres.Sql, names: string[]) {
  const rows = await sql`select name, count(*)::int as n from (
      select name, state from pgboss.job union all select name, state from pgboss.archive
    ) j where name = any(${names}) and state = 'completed' group by name`;
  return Object.fromEntries(names.map((n) => [n, rows.find((r) => r.name === n)?.n ?? 0])) as Record<string, number>;
}

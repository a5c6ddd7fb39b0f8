import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '../../lib/rows';

const SUMS = 'sum(clicks), sum(leads), sum(sales), sum(revenue), sum(commissions)';
const KEY = 'workspace_id, day, campaign_id, affiliate_id, currency';

/**
 * Deletes the oldest `batch` deltas (or all, if fewer) and returns them: every id up to the
 * batch's last, a range, not `id in (select … limit n)`. The deltas table is nearly empty between
 * folds, so its statistics say "no rows", and the planner joined the `in` list against the table in
 * a nested loop: when a backlog built up, one fold of 5,000 ran for over ten minutes on 150k deltas,
 * the backlog grew, and every report (which reads the deltas too) slowed down with it. A range has
 * no join to get wrong: one pass, however stale the statistics. Ids are UUIDv7, so they order by
 * time; a delta committed later with a smaller id is simply folded by the next call.
 */
export const takeDeltas = (batch: number) => sql`
          delete from rollup_deltas where id <= coalesce(
            (select id from rollup_deltas order by id offset ${batch - 1} limit 1),
            (select id from rollup_deltas order by id desc limit 1))
          returning ${sql.raw(KEY)}, clicks, leads, sales, revenue, commissions`;

/**
 * Moves appended rollup deltas into daily_rollups, oldest first, `batch` rows per transaction and
 * at most `maxBatches` transactions per call (a backlog is drained by the next calls, never by one
 * unbounded loop). Each batch deletes its deltas and adds their sums in one statement, so a crash
 * or a retry leaves every delta counted exactly once. One folder at a time (a transaction-scoped
 * advisory lock): two would only contend on the same rollup rows. Returns the deltas folded.
 */
export async function foldRollups({ db, batch = 5_000, maxBatches = 20 }: { db: Db; batch?: number; maxBatches?: number }): Promise<number> {
  let folded = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext('refcount:rollups.fold')) as ok`);
      if (!lock.ok) return 0;
      const [row] = await rowsOf<{ n: number }>(tx, sql`
        with taken as (${takeDeltas(batch)}),
        added as (
          insert into daily_rollups (${sql.raw(KEY)}, clicks, leads, sales, revenue, commissions)
          select ${sql.raw(KEY)}, ${sql.raw(SUMS)} from taken group by ${sql.raw(KEY)} order by ${sql.raw(KEY)}
          on conflict (${sql.raw(KEY)}) do update set
            clicks = daily_rollups.clicks + excluded.clicks, leads = daily_rollups.leads + excluded.leads,
            sales = daily_rollups.sales + excluded.sales, revenue = daily_rollups.revenue + excluded.revenue,
            commissions = daily_rollups.commissions + excluded.commissions
        )
        -- a data-modifying WITH runs whether or not the outer query reads it
        select count(*)::int as n from taken`);
      return Number(row.n);
    });
    folded += n;
    if (n < batch) break;
  }
  return folded;
}

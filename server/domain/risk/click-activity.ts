import { sql } from 'drizzle-orm';
import { rowsOf as sqlRows } from '../../lib/rows';

// clicks.created_at is the click's time (the column behind `clicks.ts` in the schema).
import { RECENT_DAYS, BASELINE_DAYS, type RiskWindow } from './window';
import type { WorkspaceCtx } from '../context';

/** Clicks per day for one affiliate; index 0 is the last 24 hours, up to the start of the baseline. */
export type DailyClicks = number[];

/**
 * Every affiliate's clicks per day over the recent period and its baseline, for the whole
 * workspace: velocity is judged against the affiliate's own history and against its peers.
 */
export async function dailyClicksByAffiliate({ ctx, w }: { ctx: WorkspaceCtx; w: RiskWindow }): Promise<Map<string, DailyClicks>> {
  const { db, workspaceId } = ctx;
  const rows = await sqlRows<{ affiliate_id: string; age: number; n: number }>(
    db,
    sql`select affiliate_id::text as affiliate_id,
          floor(extract(epoch from (${w.to.toISOString()}::timestamptz - created_at)) / 86400)::int as age,
          count(*)::int as n
        from clicks
        where workspace_id = ${workspaceId} and created_at >= ${w.baselineFrom.toISOString()}::timestamptz
          and created_at < ${w.to.toISOString()}::timestamptz
        group by 1, 2`,
  );
  const days = RECENT_DAYS + BASELINE_DAYS;
  const out = new Map<string, DailyClicks>();
  for (const r of rows) {
    if (r.age < 0 || r.age >= days) continue;
    const series = out.get(r.affiliate_id) ?? new Array<number>(days).fill(0);
    series[r.age] += r.n;
    out.set(r.affiliate_id, series);
  }
  return out;
}

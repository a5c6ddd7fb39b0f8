import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';

// Monthly partitions of `clicks` (created by migration 0008): clicks_pYYYYMM for the UTC month
// YYYY-MM, and clicks_default for rows outside every partition.

const MONTH_MS = /^clicks_p(\d{4})(\d{2})$/;
const utcMonth = (d: Date, plus = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + plus, 1));

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(res) ? res : (res.rows ?? []);
}

export type ClickPartition = { name: string; month: Date | null };

/** The partitions of clicks, oldest month first; the default partition last (month null). */
export async function listClickPartitions(db: DbOrTx): Promise<ClickPartition[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'clicks'::regclass`,
  );
  return found
    .map(({ name }) => {
      const m = MONTH_MS.exec(name);
      return { name, month: m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null };
    })
    .sort((a, b) => (a.month?.getTime() ?? Infinity) - (b.month?.getTime() ?? Infinity));
}

/** Creates the partitions of this month and the `ahead` next ones; returns the months created. */
export async function ensureClickPartitions(db: DbOrTx, { now = new Date(), ahead = 3 } = {}): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i <= ahead; i++) {
    const month = utcMonth(now, i).toISOString().slice(0, 10);
    const [row] = await rows<{ created: boolean }>(db, sql`select clicks_ensure_month(${month}::date) as created`);
    if (row?.created) created.push(month.slice(0, 7));
  }
  return created;
}

export type RetentionResult = { cutoff: Date; dropped: string[]; deletedFromDefault: number };

/**
 * Drops whole partitions of months older than `retentionMonths` before the current one (and the
 * default partition's rows before that cutoff). The cutoff never passes the longest cookie window
 * of any campaign: clicks that could still be attributed stay, whatever the setting says.
 */
export async function dropExpiredClickPartitions(db: DbOrTx, { retentionMonths, now = new Date() }: { retentionMonths: number; now?: Date }): Promise<RetentionResult> {
  const [longest] = await rows<{ days: number | null }>(db, sql`select max(cookie_window_days) as days from campaigns`);
  const windowStart = new Date(now.getTime() - Number(longest?.days ?? 0) * 86_400_000);
  const byRetention = utcMonth(now, -retentionMonths);
  const cutoff = new Date(Math.min(byRetention.getTime(), utcMonth(windowStart).getTime()));
  const dropped: string[] = [];
  for (const p of await listClickPartitions(db)) {
    if (!p.month || utcMonth(p.month, 1) > cutoff) continue;
    // Dropping a partition locks the parent briefly: give up rather than queue behind a long
    // report and stall every click insert; the next run tries again.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql.raw(`drop table "${p.name}"`));
    });
    dropped.push(p.name);
  }
  const deleted = await rows<{ n: number }>(
    db,
    sql`with gone as (delete from clicks_default where created_at < ${cutoff.toISOString()}::timestamptz returning 1) select count(*)::int as n from gone`,
  );
  return { cutoff, dropped, deletedFromDefault: Number(deleted[0]?.n ?? 0) };
}

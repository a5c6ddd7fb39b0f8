import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { conversions, workspaceSettings } from '@/db/schema';
import { emitMoneyEvents } from '../engine/events';
import { approveIfAuto } from './approve';

/**
 * The hold-period job: pending sales older than their workspace's hold_days become confirmed,
 * and with auto-approval their pending commissions become approved. One transaction per
 * workspace; safe to run concurrently (row locks, and only `pending` rows move).
 */
export async function confirmDueConversions(db: Db, now = new Date()): Promise<number> {
  const settingsRows = await db.select().from(workspaceSettings);
  let confirmed = 0;
  for (const settings of settingsRows) {
    confirmed += await db.transaction(async (tdb) => {
      const tx = { db: tdb, workspaceId: settings.workspaceId };
      const rows = await tdb
        .update(conversions)
        .set({ status: 'confirmed', updatedAt: now })
        .where(
          and(
            eq(conversions.workspaceId, settings.workspaceId),
            eq(conversions.status, 'pending'),
            lte(conversions.ts, sql`${now.toISOString()}::timestamptz - make_interval(days => ${settings.holdDays})`),
          ),
        )
        .returning();
      const approved = await approveIfAuto(tx, settings, rows.map((r) => r.id));
      for (const row of rows) await emitMoneyEvents(tx, { row, type: 'conversion.updated' }, { created: [], updated: [], earning: null });
      await emitMoneyEvents(tx, null, { created: [], updated: approved, earning: null });
      return rows.length;
    });
  }
  return confirmed;
}

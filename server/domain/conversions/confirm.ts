import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { conversions, workspaceSettings } from '@/db/schema';
import { recordAudit } from '../audit/record-audit';
import { systemActor } from '../context';
import { emitMoneyEvents } from '../commissions/engine/events';
import { approveIfAuto } from './approve';

// The job's name in the audit log: each conversion it confirms gets a row under this actor.
export const CONFIRM_JOB = systemActor('conversions.confirm');

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
      const tx = { db: tdb, workspaceId: settings.workspaceId, actor: CONFIRM_JOB };
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
      const approved = await approveIfAuto({ ctx: tx, settings, conversionIds: rows.map((r) => r.id) });
      for (const row of rows) {
        await emitMoneyEvents(tx, { row, type: 'conversion.updated' }, { created: [], updated: [], earning: null });
        const approvedHere = approved.filter((c) => c.conversionId === row.id).map((c) => c.id);
        await recordAudit(tdb, tx, 'conversion.confirmed', { type: 'conversion', id: row.id }, {
          before: { status: 'pending' },
          after: { status: 'confirmed' },
          ...(approvedHere.length ? { approved_commission_ids: approvedHere } : {}),
        });
      }
      await emitMoneyEvents(tx, null, { created: [], updated: approved, earning: null });
      return rows.length;
    });
  }
  return confirmed;
}

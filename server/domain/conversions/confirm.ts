import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { conversions, workspaceSettings } from '@/db/schema';
import { daysInterval } from '../../lib/days-sql';
import { addAuditEntries } from '../audit/audit-entries';
import { systemActor } from '../context';
import { moneyEvents } from '../commissions/engine/events';
import { emitEvents } from '../events/emit-event';
import { sweepCursor, sweepWorkspaces, type SweepLimits, type SweepReport } from '../jobs/sweep';
import { workspacesWith } from '../jobs/workspaces-with';
import type { Settings } from '../settings/settings';
import { approveIfAuto } from './approve';

// The job's queue, and its name in the audit log: each conversion it confirms gets a row under it.
export const CONFIRM_QUEUE = 'conversions.confirm';
export const CONFIRM_JOB = systemActor(CONFIRM_QUEUE);

// 500 sales a transaction: with their events, commissions and audit rows, a few thousand rows
// and well under PostgreSQL's 65,534 parameters a statement; 20 rounds drain 10,000 per run.
export const CONFIRM_LIMITS: SweepLimits = { batchSize: 500, rounds: 20 };

/**
 * The hold-period job: pending sales older than their workspace's hold_days become confirmed,
 * and with auto-approval their pending commissions become approved (docs/commissions.md
 * "Holds"). Bounded and fair: a batch per workspace per round, each in its own transaction, so
 * one workspace's backlog or failure never holds up another's sales (domain/jobs/sweep.ts).
 */
export async function confirmDueConversions(db: Db, now = new Date(), limits = CONFIRM_LIMITS): Promise<SweepReport> {
  // only workspaces with a pending sale (a skip scan of conversions_pending_idx), not every one
  const pending = await workspacesWith(db, 'conversions', sql`status = 'pending'`, { after: sweepCursor(CONFIRM_QUEUE) });
  const settingsRows = pending.ids.length ? await db.select().from(workspaceSettings).where(inArray(workspaceSettings.workspaceId, pending.ids)) : [];
  const settingsOf = new Map(settingsRows.map((s) => [s.workspaceId, s]));
  return sweepWorkspaces({
    db,
    queue: CONFIRM_QUEUE,
    workspaces: { ids: settingsRows.map((s) => s.workspaceId), complete: pending.complete },
    limits,
    batch: (workspaceId) => confirmBatch(db, settingsOf.get(workspaceId)!, now, limits.batchSize),
  });
}

/** One batch of one workspace's due sales, oldest first: confirmed, approved, told and audited together. */
async function confirmBatch(db: Db, settings: Settings, now: Date, size: number): Promise<number> {
  return db.transaction(async (tdb) => {
    const tx = { db: tdb, workspaceId: settings.workspaceId, actor: CONFIRM_JOB };
    // SKIP LOCKED: a sale a concurrent run (or a refund) holds is left for the next batch.
    const due = tdb
      .select({ id: conversions.id })
      .from(conversions)
      .where(
        and(
          eq(conversions.workspaceId, settings.workspaceId),
          // a literal, so even a generic plan can use the partial index conversions_pending_idx
          sql`${conversions.status} = 'pending'`,
          lte(conversions.ts, sql`${now.toISOString()}::timestamptz - ${daysInterval(settings.holdDays)}`),
        ),
      )
      .orderBy(asc(conversions.ts))
      .limit(size)
      .for('update', { skipLocked: true });
    const rows = await tdb
      .update(conversions)
      .set({ status: 'confirmed', updatedAt: now })
      .where(and(inArray(conversions.id, due), eq(conversions.status, 'pending')))
      .returning();
    if (!rows.length) return 0;
    const approved = await approveIfAuto({ ctx: tx, settings, conversionIds: rows.map((r) => r.id) });
    await emitEvents({
      ctx: tx,
      events: [
        ...rows.flatMap((row) => moneyEvents({ row, type: 'conversion.updated' }, { created: [], updated: [] })),
        ...moneyEvents(null, { created: [], updated: approved }),
      ],
    });
    const approvedOf = new Map<string, string[]>();
    for (const c of approved) if (c.conversionId) approvedOf.set(c.conversionId, [...(approvedOf.get(c.conversionId) ?? []), c.id]);
    await addAuditEntries(
      tdb,
      tx,
      rows.map((row) => {
        const approvedHere = approvedOf.get(row.id) ?? [];
        return {
          action: 'conversion.confirmed',
          target: { type: 'conversion', id: row.id },
          changes: {
            before: { status: 'pending' },
            after: { status: 'confirmed' },
            ...(approvedHere.length ? { approved_commission_ids: approvedHere } : {}),
          },
        };
      }),
    );
    return rows.length;
  });
}

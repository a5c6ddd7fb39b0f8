import { and, asc, eq, sql } from 'drizzle-orm';
import { commissions, payouts } from '@/db/schema';
import { presentCommission } from '../../contracts/commission';
import { presentWorkspacePayout } from '../../contracts/payout';
import { notFound } from '../../errors/errors';
import { addAuditEntry } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { withCommissionIds, type Payout } from './payouts';
import type { RailAnswer } from './rails';

// What a provider answers about a sent line, written once for every rail and for the webhooks
// alike (docs/paying-affiliates.md#sending-a-batch): each outcome with its events and audit entry.

/** Writes the provider's answer on a processing line, with its events and audit entry, in one transaction. */
export async function recordAnswer({ ctx, id, answer }: { ctx: ActingCtx; id: string; answer: RailAnswer }): Promise<Payout> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const [line] = await tx.select().from(payouts).where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.id, id))).for('update');
    if (!line) throw notFound('payout');
    // Another finisher recorded it first (both calls answered the same transfer): nothing more to do.
    if (line.status !== 'processing') return line;
    if (answer.outcome === 'unknown') {
      await addAuditEntry(tx, ctx, 'payout.send_unanswered', { type: 'payout', id }, { reason: answer.reason });
      return line;
    }
    const now = new Date();
    const refs = { providerBatchRef: ('batchRef' in answer && answer.batchRef) || line.providerBatchRef, providerRef: answer.ref ?? line.providerRef };
    if (answer.outcome === 'pending') {
      if (refs.providerBatchRef === line.providerBatchRef && refs.providerRef === line.providerRef) return line;
      const [row] = await tx.update(payouts).set({ ...refs, updatedAt: now }).where(eq(payouts.id, id)).returning();
      // Once per line, when the provider first took it: it stays processing until the item is final.
      if (!line.providerBatchRef) await addAuditEntry(tx, ctx, 'payout.accepted', { type: 'payout', id }, { provider_batch_ref: row.providerBatchRef });
      return row;
    }
    const inPayout = and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.payoutId, id));
    // Locked in id order first, like every multi-row lock on commissions, so none can deadlock.
    await tx.select({ id: commissions.id }).from(commissions).where(inPayout).orderBy(asc(commissions.id)).for('update');
    const [row] = await tx
      .update(payouts)
      .set(
        answer.outcome === 'paid'
          ? { ...refs, status: 'paid', providerRef: answer.ref, paidAt: now, updatedAt: now }
          : { ...refs, status: answer.returned ? 'returned' : 'failed', failureReason: answer.reason, updatedAt: now },
      )
      .where(eq(payouts.id, id))
      .returning();
    const [record] = await withCommissionIds({ ctx: c, rows: [row] });
    const changed =
      answer.outcome === 'paid'
        ? await tx.update(commissions).set({ status: 'paid', updatedAt: now }).where(and(inPayout, eq(commissions.status, 'approved'))).returning()
        : await tx.update(commissions).set({ payoutId: null, updatedAt: now }).where(inPayout).returning();
    const type = answer.outcome === 'paid' ? 'payout.paid' : 'payout.failed';
    await addAuditEntry(tx, ctx, type, { type: 'payout', id }, { before: { status: 'processing' }, after: { status: row.status, provider_ref: row.providerRef, failure_reason: row.failureReason } });
    await emitEvent({ ctx: c, type, object: 'payout', record: presentWorkspacePayout(record) });
    await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentWorkspacePayout(record) });
    for (const cm of changed) await emitEvent({ ctx: c, type: 'commission.updated', object: 'commission', record: presentCommission(cm) });
    return row;
  });
}

/**
 * The provider took a paid line's money back (Stripe transfer.reversed, a PayPal item returned,
 * refunded or reversed): the line becomes returned with the reason, and its commissions approved
 * and unpaid again for the next batch. Answers null when no paid line has that provider reference.
 */
export async function returnPayout({ ctx, providerRef, reason }: { ctx: ActingCtx; providerRef: string; reason: string }): Promise<Payout | null> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const [line] = await tx.select().from(payouts).where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.providerRef, providerRef))).for('update');
    if (!line || line.status !== 'paid') return null;
    const now = new Date();
    const inPayout = and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.payoutId, line.id));
    await tx.select({ id: commissions.id }).from(commissions).where(inPayout).orderBy(asc(commissions.id)).for('update');
    const [row] = await tx.update(payouts).set({ status: 'returned', failureReason: reason, updatedAt: now }).where(eq(payouts.id, line.id)).returning();
    // What the line paid is unpaid again: paid earnings back to approved, every commission out of the payout.
    const changed = await tx
      .update(commissions)
      .set({ payoutId: null, status: sql`case when ${commissions.status} = 'paid' then 'approved' else ${commissions.status} end`, updatedAt: now })
      .where(inPayout)
      .returning();
    const [record] = await withCommissionIds({ ctx: c, rows: [row] });
    await addAuditEntry(tx, ctx, 'payout.returned', { type: 'payout', id: line.id }, { before: { status: 'paid' }, after: { status: 'returned', failure_reason: reason } });
    await emitEvent({ ctx: c, type: 'payout.failed', object: 'payout', record: presentWorkspacePayout(record) });
    await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentWorkspacePayout(record) });
    for (const cm of changed) await emitEvent({ ctx: c, type: 'commission.updated', object: 'commission', record: presentCommission(cm) });
    return row;
  });
}

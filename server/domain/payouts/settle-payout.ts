import { and, asc, eq } from 'drizzle-orm';
import { commissions, payouts } from '@/db/schema';
import { presentCommission } from '../../contracts/commission';
import { presentPayout, type PayoutWithCommissions } from '../../contracts/payout';
import { invalidState, notFound } from '../../errors/errors';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { withCommissionIds } from './payouts';
import { loadRecord, ownRecord, wellFormedId } from '../records';

export type PayoutOutcome = 'paid' | 'failed' | 'canceled';

/**
 * POST /v1/payouts/{id}/status. Only a pending payout moves. Paid settles its commissions (they
 * become paid); failed or canceled releases them (payout_id cleared, still approved) so the next
 * batch picks them up again.
 */
export async function settlePayout({ ctx, id, outcome }: { ctx: ActingCtx; id: string; outcome: PayoutOutcome }): Promise<PayoutWithCommissions> {
  wellFormedId(id, () => notFound('payout'));
  return ctx.db.transaction(async (tx) => {
    const where = ownRecord(ctx, payouts, id);
    const current = await loadRecord({ ...ctx, db: tx }, payouts, id, () => notFound('payout'), { lock: true });
    if (current.status !== 'pending') throw invalidState(`payout ${id} is ${current.status}; only a pending payout can change`);
    const [before] = await withCommissionIds({ ctx: { ...ctx, db: tx }, rows: [current] });
    const now = new Date();
    const [row] = await tx
      .update(payouts)
      .set({ status: outcome, paidAt: outcome === 'paid' ? now : null, updatedAt: now })
      .where(where)
      .returning();
    const inPayout = and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.payoutId, id));
    // Locked in id order first, like every multi-row lock on commissions, so none can deadlock.
    await tx.select({ id: commissions.id }).from(commissions).where(inPayout).orderBy(asc(commissions.id)).for('update');
    const changed =
      outcome === 'paid'
        ? await tx.update(commissions).set({ status: 'paid', updatedAt: now }).where(and(inPayout, eq(commissions.status, 'approved'))).returning()
        : await tx.update(commissions).set({ payoutId: null, updatedAt: now }).where(inPayout).returning();
    const [payout] = await withCommissionIds({ ctx: { ...ctx, db: tx }, rows: [row] });
    await addAuditEntryIfChanged(tx, ctx, `payout.${outcome}`, { type: 'payout', id }, presentPayout(before), presentPayout(payout));
    await emitEvent({ ctx: { ...ctx, db: tx }, type: 'payout.updated', object: 'payout', record: presentPayout(payout) });
    for (const c of changed) await emitEvent({ ctx: { ...ctx, db: tx }, type: 'commission.updated', object: 'commission', record: presentCommission(c) });
    return payout;
  });
}

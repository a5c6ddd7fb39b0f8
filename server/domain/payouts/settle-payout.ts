import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { commissions, payouts } from '@/db/schema';
import { presentCommission } from '../../contracts/commission';
import { PAYOUT_UNDO_HOURS, presentWorkspacePayout, type PayoutWithCommissions } from '../../contracts/payout';
import { invalidState, notFound, unknownReference } from '../../errors/errors';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { emitEvent } from '../events/emit-event';
import { withCommissionIds, type Payout } from './payouts';
import { loadRecord, wellFormedId } from '../records';

export type PayoutOutcome = 'paid' | 'failed' | 'canceled';

/** How long a payout marked paid by hand can be set back to pending (docs/payouts.md#settling). */
const UNDO_WINDOW_MS = PAYOUT_UNDO_HOURS * 3_600_000;

/**
 * Moves one locked pending payout to its outcome. Paid settles its commissions (they become
 * paid); failed or canceled releases them (payout_id cleared, still approved) so the next batch
 * picks them up again. `reference` is the merchant's own note of the payment (a PayPal
 * transaction id, a bank reference), kept on the payout.
 */
async function settleLocked(tx: Tx, ctx: ActingCtx, current: Payout, outcome: PayoutOutcome, reference: string | null, now: Date): Promise<PayoutWithCommissions> {
  const c = { ...ctx, db: tx };
  if (current.status !== 'pending') throw invalidState(`payout ${current.id} is ${current.status}; only a pending payout can change`);
  const [before] = await withCommissionIds({ ctx: c, rows: [current] });
  const [row] = await tx
    .update(payouts)
    .set({ status: outcome, paidAt: outcome === 'paid' ? now : null, reference, updatedAt: now })
    .where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.id, current.id)))
    .returning();
  const inPayout = and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.payoutId, current.id));
  // Locked in id order first, like every multi-row lock on commissions, so none can deadlock.
  await tx.select({ id: commissions.id }).from(commissions).where(inPayout).orderBy(asc(commissions.id)).for('update');
  const changed =
    outcome === 'paid'
      ? await tx.update(commissions).set({ status: 'paid', updatedAt: now }).where(and(inPayout, eq(commissions.status, 'approved'))).returning()
      : await tx.update(commissions).set({ payoutId: null, updatedAt: now }).where(inPayout).returning();
  const [payout] = await withCommissionIds({ ctx: c, rows: [row] });
  await addAuditEntryIfChanged(tx, ctx, `payout.${outcome}`, { type: 'payout', id: current.id }, presentWorkspacePayout(before), presentWorkspacePayout(payout));
  await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentWorkspacePayout(payout) });
  for (const x of changed) await emitEvent({ ctx: c, type: 'commission.updated', object: 'commission', record: presentCommission(x) });
  return payout;
}

/** POST /v1/payouts/{id}/status. Only a pending payout moves; any other answers invalid_state. */
export async function settlePayout({ ctx, id, outcome, reference = null, now = new Date() }: { ctx: ActingCtx; id: string; outcome: PayoutOutcome; reference?: string | null; now?: Date }): Promise<PayoutWithCommissions> {
  wellFormedId(id, () => notFound('payout'));
  return ctx.db.transaction(async (tx) => {
    const current = await loadRecord({ ...ctx, db: tx }, payouts, id, () => notFound('payout'), { lock: true });
    return settleLocked(tx, ctx, current, outcome, reference, now);
  });
}

/**
 * POST /v1/payouts/bulk-status: one outcome (and reference) for many pending payouts, all of
 * them or none, like POST /v1/commissions/bulk. Any id outside the workspace answers
 * unknown_resource, any payout that is not pending invalid_state; then nothing changes.
 */
export async function settlePayouts({ ctx, ids, outcome, reference = null, now = new Date() }: { ctx: ActingCtx; ids: string[]; outcome: PayoutOutcome; reference?: string | null; now?: Date }): Promise<PayoutWithCommissions[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    // Locked in id order, so two overlapping bulk calls cannot deadlock each other.
    const rows = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.workspaceId, ctx.workspaceId), inArray(payouts.id, unique)))
      .orderBy(asc(payouts.id))
      .for('update');
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length) throw unknownReference(`ids (${missing.join(', ')})`);
    const moved = rows.filter((r) => r.status !== 'pending');
    if (moved.length) throw invalidState(`${moved.map((r) => `payout ${r.id} is ${r.status}`).join(', ')}; only pending payouts can change`);
    const settled = new Map<string, PayoutWithCommissions>();
    for (const row of rows) settled.set(row.id, await settleLocked(tx, ctx, row, outcome, reference, now));
    return unique.map((id) => settled.get(id)!);
  });
}

/** Why a paid payout cannot be set back to pending at `now`, or null when it can. */
export function whyNotUndoable(p: Pick<Payout, 'id' | 'status' | 'rail' | 'paidAt'>, now: Date): string | null {
  if (p.status !== 'paid') return `payout ${p.id} is ${p.status}; only a payout marked paid by hand can be undone`;
  if (p.rail) return `payout ${p.id} was paid through ${p.rail === 'paypal' ? 'PayPal' : 'Stripe Connect'}: money a provider sent is never undone here`;
  if (!p.paidAt || now.getTime() - p.paidAt.getTime() > UNDO_WINDOW_MS) {
    return `payout ${p.id} was marked paid at ${p.paidAt?.toISOString()}; a payout marked paid by hand can be undone within 24 hours only`;
  }
  return null;
}

/**
 * POST /v1/payouts/{id}/undo: a payout marked paid by hand (never one a rail paid) goes back to
 * pending within 24 hours of paid_at, its commissions back to approved inside it, exactly as
 * before it was marked paid; the reference is cleared (the audit log keeps it).
 */
export async function undoPayout({ ctx, id, now = new Date() }: { ctx: ActingCtx; id: string; now?: Date }): Promise<PayoutWithCommissions> {
  wellFormedId(id, () => notFound('payout'));
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = await loadRecord(c, payouts, id, () => notFound('payout'), { lock: true });
    const why = whyNotUndoable(current, now);
    if (why) throw invalidState(why);
    const [before] = await withCommissionIds({ ctx: c, rows: [current] });
    const [row] = await tx
      .update(payouts)
      .set({ status: 'pending', paidAt: null, reference: null, updatedAt: now })
      .where(and(eq(payouts.workspaceId, ctx.workspaceId), eq(payouts.id, id)))
      .returning();
    const inPayout = and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.payoutId, id));
    await tx.select({ id: commissions.id }).from(commissions).where(inPayout).orderBy(asc(commissions.id)).for('update');
    // Marking paid moved exactly its approved commissions to paid; these go back.
    const changed = await tx.update(commissions).set({ status: 'approved', updatedAt: now }).where(and(inPayout, eq(commissions.status, 'paid'))).returning();
    const [payout] = await withCommissionIds({ ctx: c, rows: [row] });
    await addAuditEntryIfChanged(tx, ctx, 'payout.undone', { type: 'payout', id }, presentWorkspacePayout(before), presentWorkspacePayout(payout));
    await emitEvent({ ctx: c, type: 'payout.updated', object: 'payout', record: presentWorkspacePayout(payout) });
    for (const x of changed) await emitEvent({ ctx: c, type: 'commission.updated', object: 'commission', record: presentCommission(x) });
    return payout;
  });
}

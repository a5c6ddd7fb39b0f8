import { eq } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { conversionFailed } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';
import { emitMoneyEvents } from '../engine/events';
import { reconcileLedger } from '../engine/reconcile';
import { REVERSAL_STATES } from '../engine/states';
import { applyContribution, contributionOf } from '../engine/rollups';
import { readSettings } from '../settings/settings';
import { conversionByExternalId } from './find';

export type Refund = { externalId: string; amount?: number | null; reason?: 'refund' | 'chargeback' | null };

/**
 * POST /v1/track/refund. `amount` is the total refunded so far (as payment providers report it),
 * so repeating a call changes nothing: idempotent on external_id. Below the sale's amount the
 * status stays and commissions shrink pro rata; at or above it, or without an amount, the
 * conversion is refunded; reason chargeback makes it a chargeback.
 */
export async function refundConversion({ ctx, input }: { ctx: WorkspaceCtx; input: Refund }) {
  return ctx.db.transaction(async (db) => {
    const tx = { db, workspaceId: ctx.workspaceId };
    const conv = await conversionByExternalId(tx, input.externalId, true);
    if (!conv) throw conversionFailed('no conversion has this external_id');
    const full = input.amount === undefined || input.amount === null || input.amount >= conv.amount;
    // A conversion already reversed keeps its reversal status unless this call is a chargeback.
    const status = input.reason === 'chargeback' ? 'chargeback' : full && !REVERSAL_STATES.has(conv.status) ? 'refunded' : conv.status;
    const refundedAmount = full || input.reason === 'chargeback' ? conv.amount : Math.max(conv.refundedAmount, input.amount!);
    if (status === conv.status && refundedAmount === conv.refundedAmount) return { ok: true, conversion_id: conv.id };
    const settings = await readSettings(tx);
    const before = await contributionOf(tx, conv, settings.timezone);
    const [row] = await db.update(conversions).set({ status, refundedAmount, updatedAt: new Date() }).where(eq(conversions.id, conv.id)).returning();
    const ledger = await reconcileLedger(tx, row, settings);
    await emitMoneyEvents(tx, { row, type: 'conversion.updated' }, ledger);
    await applyContribution(tx, before, await contributionOf(tx, row, settings.timezone));
    return { ok: true, conversion_id: conv.id };
  });
}

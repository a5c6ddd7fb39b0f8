import { eq } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { conversionFailed, notFound } from '../../errors/errors';
import { presentConversionDetail } from '../../contracts/conversion';
import { diff, recordAudit } from '../audit/record-audit';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { emitMoneyEvents } from '../commissions/engine/events';
import { ledgerAfter, ledgerOf, reconcileLedger } from '../commissions/engine/reconcile';
import { REVERSAL_STATES } from '../commissions/engine/states';
import { applyContribution, contributionOf } from '../commissions/engine/rollups';
import { readSettings } from '../settings/settings';
import { conversionByExternalId, conversionById, type Conversion } from './find';
import { recordId } from '../records';

/** `amount` is the total refunded so far, in minor units; absent means the whole sale. */
export type Refund = { amount?: number | null; reason?: 'refund' | 'chargeback' | null };

/**
 * POST /v1/track/refund. `amount` is the total refunded so far (as payment providers report it),
 * so repeating a call changes nothing: idempotent on external_id. Below the sale's amount the
 * status stays and commissions shrink pro rata; at or above it, or without an amount, the
 * conversion is refunded; reason chargeback makes it a chargeback.
 */
export async function refundConversion({ ctx, input }: { ctx: WorkspaceCtx; input: Refund & { externalId: string } }) {
  return ctx.db.transaction(async (db) => {
    const tx = { db, workspaceId: ctx.workspaceId };
    const conv = await conversionByExternalId({ ctx: tx, externalId: input.externalId, lock: true });
    if (!conv) throw conversionFailed('no conversion has this external_id');
    await applyRefund(tx, conv, input);
    return { ok: true, conversion_id: conv.id };
  });
}

/**
 * POST /v1/conversions/{id}/refund: the same refund, addressed by id by a manager rather than
 * reported by a payment provider. A provider's total may overshoot (fees, rounding) and is
 * clamped; a person asking for more than the sale, or to refund a lead (no payment), has made a
 * mistake that must not pass silently, so both are conversion_failed and change nothing.
 */
export async function refundConversionById({ ctx, id, input }: { ctx: ActingCtx; id: string; input: Refund }): Promise<Conversion> {
  recordId(id, () => notFound('conversion'));
  return ctx.db.transaction(async (db) => {
    const tx = { db, workspaceId: ctx.workspaceId };
    const conv = await conversionById({ ctx: tx, id, lock: true });
    if (!conv) throw notFound('conversion');
    if (conv.type === 'lead') throw conversionFailed('a lead has no payment to refund; change its status instead');
    if (input.amount != null && input.amount > conv.amount) {
      throw conversionFailed(`amount ${input.amount} is above the sale's ${conv.amount} (amount is the total refunded so far)`);
    }
    const row = await applyRefund(tx, conv, input);
    const changes = diff(presentConversionDetail(conv), presentConversionDetail(row));
    if (changes) await recordAudit(db, ctx, 'conversion.refunded', { type: 'conversion', id }, { ...changes, reason: input.reason ?? 'refund' });
    return row;
  });
}

// The one refund rule, run inside the caller's transaction on a conversion it has locked.
async function applyRefund(tx: WorkspaceCtx, conv: Conversion, input: Refund): Promise<Conversion> {
  const full = input.amount === undefined || input.amount === null || input.amount >= conv.amount;
  // A conversion already reversed keeps its reversal status unless this call is a chargeback.
  const status = input.reason === 'chargeback' ? 'chargeback' : full && !REVERSAL_STATES.has(conv.status) ? 'refunded' : conv.status;
  const refundedAmount = full || input.reason === 'chargeback' ? conv.amount : Math.max(conv.refundedAmount, input.amount!);
  if (status === conv.status && refundedAmount === conv.refundedAmount) return conv;
  const settings = await readSettings(tx);
  // the ledger is read once: the rollups' before and after, and the reconciliation, all use it
  const rows = await ledgerOf({ ctx: tx, conversionId: conv.id });
  const before = await contributionOf({ ctx: tx, conv, timeZone: settings.timezone, ledger: rows });
  const [row] = await tx.db.update(conversions).set({ status, refundedAmount, updatedAt: new Date() }).where(eq(conversions.id, conv.id)).returning();
  const ledger = await reconcileLedger({ ctx: tx, conv: row, settings, rows });
  await emitMoneyEvents(tx, { row, type: 'conversion.updated' }, ledger);
  await applyContribution({ ctx: tx, before, after: await contributionOf({ ctx: tx, conv: row, timeZone: settings.timezone, ledger: ledgerAfter(rows, ledger) }) });
  return row;
}

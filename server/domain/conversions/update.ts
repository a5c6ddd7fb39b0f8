import { eq } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { notFound } from '../../errors/errors';
import { presentConversionDetail } from '../../contracts/conversion';
import { addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { referencedAffiliate } from '../references';
import { emitMoneyEvents } from '../commissions/engine/events';
import { ledgerAfter, ledgerOf, reconcileLedger } from '../commissions/engine/reconcile';
import { applyContribution, contributionOf } from '../commissions/engine/rollups';
import { REVERSAL_STATES } from '../commissions/engine/states';
import { readSettings } from '../settings/settings';
import type { Conversion } from './find';
import { approveIfAuto } from './approve';
import { loadRecord, wellFormedId } from '../records';

export type ConversionPatch = { status?: Conversion['status'] | 'voided'; affiliateId?: string };

/**
 * PATCH /v1/conversions/{id}: change the status (voided is stored as reversed; the same status
 * is a no-op) and/or re-attribute to another affiliate of the workspace. The ledger follows in
 * the same transaction: reversal states claw back, leaving them restores, re-attribution
 * reverses the old affiliate's commissions and computes the new one's.
 */
export async function updateConversion({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: ConversionPatch }): Promise<Conversion> {
  wellFormedId(id, () => notFound('conversion'));
  return ctx.db.transaction(async (db) => {
    const tx = { db, workspaceId: ctx.workspaceId };
    const conv = await loadRecord({ ...ctx, db }, conversions, id, () => notFound('conversion'), { lock: true });
    const set: Partial<Conversion> = {};
    if (patch.affiliateId && patch.affiliateId !== conv.affiliateId) {
      const aff = await referencedAffiliate(tx, patch.affiliateId);
      Object.assign(set, { affiliateId: aff.id, campaignId: aff.campaignId ?? conv.campaignId, matchMethod: 'manual', matchConfidence: 1 });
      set.attribution = { ...(conv.attribution as object), reattributed: { from: conv.affiliateId, to: aff.id, at: new Date().toISOString() } };
    }
    const status = patch.status === 'voided' ? 'reversed' : patch.status;
    if (status && status !== conv.status) {
      set.status = status;
      // Leaving a reversal state undoes the refund: the full sale counts again. A partial refund
      // on a live sale stays when only its status moves (pending -> confirmed).
      if (REVERSAL_STATES.has(conv.status) && !REVERSAL_STATES.has(status) && conv.refundedAmount > 0) set.refundedAmount = 0;
    }
    if (!Object.keys(set).length) return conv;
    const settings = await readSettings(tx);
    const rows = await ledgerOf({ ctx: tx, conversionId: conv.id });
    const before = await contributionOf({ ctx: tx, conv, timeZone: settings.timezone, ledger: rows });
    const [row] = await db.update(conversions).set({ ...set, updatedAt: new Date() }).where(eq(conversions.id, conv.id)).returning();
    const ledger = await reconcileLedger({ ctx: tx, conv: row, settings, rows });
    if (row.status === 'confirmed') ledger.updated.push(...(await approveIfAuto({ ctx: tx, settings, conversionIds: [row.id] })));
    await emitMoneyEvents(tx, { row, type: 'conversion.updated' }, ledger);
    await applyContribution({ ctx: tx, before, after: await contributionOf({ ctx: tx, conv: row, timeZone: settings.timezone, ledger: ledgerAfter(rows, ledger) }) });
    await addAuditEntryIfChanged(db, ctx, 'conversion.updated', { type: 'conversion', id }, presentConversionDetail(conv), presentConversionDetail(row));
    return row;
  });
}

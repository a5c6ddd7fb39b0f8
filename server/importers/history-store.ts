import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { commissions, conversions, payouts } from '@/db/schema';
import type { WorkspaceCtx } from '../domain/context';
import { applyContribution, contributionOf } from '../domain/commissions/engine/rollups';
import { readSettings } from '../domain/settings/settings';
import type { ImportedCommission, ImportedPayout } from './types';

// The history an import brings that no domain function can make: commissions earned (and maybe
// paid) on the peer, and the payouts it already sent. The commission engine only earns on new
// sales, and payouts are only made by sending them; these rows record what happened elsewhere,
// so they are written here, each page in the caller's one transaction, with the rollup deltas
// the reports read (as a new sale's write appends them).

export type HistoricalCommission = ImportedCommission & { localAffiliateId: string; campaignId: string };

/**
 * One sale (conversion, confirmed) and its one earning per peer commission, with its state and
 * exact amount. The conversion's external id is `<source>:<commission id>` and its customer the
 * Stripe customer, so the customer's later renewals keep the affiliate. Answers local ids by peer id.
 */
export async function storeHistoricalCommissions(tx: Tx, ctx: WorkspaceCtx, source: string, items: HistoricalCommission[]): Promise<Map<string, string>> {
  const inTx = { ...ctx, db: tx };
  const { timezone } = await readSettings(inTx);
  const made = new Map<string, string>();
  for (const c of items) {
    const [conv] = await tx
      .insert(conversions)
      .values({
        workspaceId: ctx.workspaceId,
        campaignId: c.campaignId,
        affiliateId: c.localAffiliateId,
        type: 'sale',
        status: 'confirmed',
        amount: c.sale.amount,
        currency: c.sale.currency,
        externalId: `${source}:${c.id}`,
        customerId: c.sale.stripeCustomerId,
        matchMethod: 'imported',
        attribution: { imported_from: source, sale_id: c.sale.id, commission_id: c.id },
        ts: c.sale.at,
      })
      .returning();
    const [row] = await tx
      .insert(commissions)
      .values({
        workspaceId: ctx.workspaceId,
        affiliateId: c.localAffiliateId,
        conversionId: conv.id,
        amount: c.amount,
        computedAmount: c.amount,
        currency: c.currency,
        status: c.status,
        createdAt: c.sale.at,
      })
      .returning();
    await applyContribution({ ctx: inTx, before: null, after: await contributionOf({ ctx: inTx, conv, timeZone: timezone, ledger: [row] }) });
    made.set(c.id, row.id);
  }
  return made;
}

export type PaidPayout = ImportedPayout & { localAffiliateId: string; localCommissionIds: string[] };

/**
 * Payouts the peer sent, as paid lines (rail manual: nothing here ever sends them), and their
 * commissions pointed at them. Answers local ids by peer id.
 */
export async function storePaidPayouts(tx: Tx, ctx: WorkspaceCtx, items: PaidPayout[]): Promise<Map<string, string>> {
  const made = new Map<string, string>();
  for (const p of items) {
    const [row] = await tx
      .insert(payouts)
      .values({ workspaceId: ctx.workspaceId, affiliateId: p.localAffiliateId, amount: p.amount, currency: p.currency, status: 'paid', rail: 'manual', sentAt: p.paidAt, paidAt: p.paidAt, createdAt: p.paidAt })
      .returning();
    if (p.localCommissionIds.length) {
      await tx
        .update(commissions)
        .set({ payoutId: row.id, status: 'paid' })
        .where(and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.affiliateId, p.localAffiliateId), inArray(commissions.id, p.localCommissionIds)));
    }
    made.set(p.id, row.id);
  }
  return made;
}

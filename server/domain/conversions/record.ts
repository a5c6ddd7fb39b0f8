import { eq } from 'drizzle-orm';
import { affiliates, conversions } from '@/db/schema';
import { required } from '../../errors/errors';
import { attribute } from '../attribution/attribute';
import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { emitMoneyEvents } from '../commissions/engine/events';
import { reconcileLedger } from '../commissions/engine/reconcile';
import { applyContribution, contributionOf } from '../commissions/engine/rollups';
import { readSettings } from '../settings/settings';
import { hasherFor } from '../tracking/hash';
import { conversionIdByExternalId } from './find';
import { buildReceipt } from './receipt';
import type { BillingInterval } from '../../model/enums';

export type TrackConversion = {
  type: 'lead' | 'sale';
  externalId: string;
  visitorId?: string | null;
  fingerprint?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  ref?: string | null;
  manualCode?: string | null;
  customerId?: string | null;
  amount?: number | null;
  currency?: string | null;
  productId?: string | null;
  interval?: BillingInterval | null;
  isTest?: boolean;
  ts?: Date | null;
};
export type TrackResult = { ok: true; attributed: true; conversion_id: string } | { ok: true; attributed: false; visitor_id: string | null };

const replay = (id: string): TrackResult => ({ ok: true, attributed: true, conversion_id: id });

/**
 * POST /v1/track/lead|sale: attribute, store the conversion, compute its commission, all in one
 * transaction. Idempotent on external_id by the unique index (a retried or racing call replays
 * the first answer); an unattributed conversion stores nothing.
 */
export async function recordConversion({ ctx, input }: { ctx: WorkspaceCtx; input: TrackConversion }): Promise<TrackResult> {
  if (!(input.visitorId || input.fingerprint || input.ref || input.manualCode || input.customerId || (input.ip && input.userAgent))) {
    throw required('visitor_id');
  }
  if (input.type === 'sale' && (input.amount === undefined || input.amount === null)) throw required('amount');
  const known = await conversionIdByExternalId({ ctx, externalId: input.externalId });
  if (known) return replay(known);
  const hash = await hasherFor({ ctx });
  const at = input.ts ?? new Date();
  return ctx.db.transaction(async (db) => {
    const tx = { db, workspaceId: ctx.workspaceId };
    const found = await attribute({ ctx: tx, input: { ...input, ipHash: hash(input.ip), uaHash: hash(input.userAgent), at } });
    const campaignId =
      found?.campaignId ??
      (found && (await db.select({ c: affiliates.campaignId }).from(affiliates).where(eq(affiliates.id, found.affiliateId)))[0]?.c) ??
      (await defaultCampaign(tx))?.id;
    if (!found || !campaignId) return { ok: true as const, attributed: false as const, visitor_id: input.visitorId ?? null };
    const settings = await readSettings(tx);
    const [conv] = await db
      .insert(conversions)
      .values({
        workspaceId: ctx.workspaceId, campaignId, affiliateId: found.affiliateId, type: input.type,
        status: input.type === 'sale' ? 'pending' : 'confirmed', amount: input.amount ?? 0,
        currency: (input.currency ?? 'usd').toLowerCase(), externalId: input.externalId, customerId: input.customerId ?? null,
        productId: input.productId ?? null, interval: input.interval ?? null, isTest: input.isTest ?? false,
        visitorKey: found.visitorKey ?? input.visitorId ?? null, clickId: found.clickId, matchMethod: found.method,
        matchConfidence: found.confidence, ts: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!conv) return replay((await conversionIdByExternalId({ ctx: tx, externalId: input.externalId }))!);
    const ledger = await reconcileLedger({ ctx: tx, conv, settings, inserted: true });
    const earning = ledger.earning;
    const receipt = buildReceipt(found, earning, ledger.created.length > 0);
    if (conv.isTest && earning) receipt.reason = 'test_conversion';
    const [row] = await db.update(conversions).set({ attribution: receipt }).where(eq(conversions.id, conv.id)).returning();
    await emitMoneyEvents(tx, { row, type: 'conversion.created' }, ledger);
    // a new conversion's commissions are exactly the ones the ledger just created
    await applyContribution({ ctx: tx, before: null, after: await contributionOf({ ctx: tx, conv: row, timeZone: settings.timezone, ledger: ledger.created }) });
    return replay(conv.id);
  });
}

import { eq } from 'drizzle-orm';
import { affiliates, type conversions } from '@/db/schema';
import { required } from '../../errors/errors';
import { newId } from '../../lib/ids';
import { attribute, type Attribution } from '../attribution/attribute';
import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { moneyEvents } from '../commissions/engine/events';
import { planLedger } from '../commissions/engine/plan-ledger';
import { contributionDeltas, contributionOf } from '../commissions/engine/rollups';
import { eventRows } from '../events/record-event';
import { hasherFor } from '../tracking/hash';
import { conversionIdByExternalId } from './find';
import { conversionFirstRead } from './first-read';
import { buildReceipt } from './receipt';
import { writeNewConversion } from './write-conversion';
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

// The conversion as it will be stored, every column given (its receipt is added once the earning is known).
function conversionRow(ctx: WorkspaceCtx, input: TrackConversion, found: Attribution, campaignId: string, at: Date): typeof conversions.$inferSelect {
  const now = new Date();
  return {
    id: newId(), workspaceId: ctx.workspaceId, campaignId, affiliateId: found.affiliateId, type: input.type,
    status: input.type === 'sale' ? 'pending' : 'confirmed', amount: input.amount ?? 0, refundedAmount: 0,
    currency: (input.currency ?? 'usd').toLowerCase(), externalId: input.externalId, customerId: input.customerId ?? null,
    productId: input.productId ?? null, interval: input.interval ?? null, isTest: input.isTest ?? false,
    visitorKey: found.visitorKey ?? input.visitorId ?? null, clickId: found.clickId, matchMethod: found.method,
    matchConfidence: found.confidence, attribution: null, ts: at, createdAt: now, updatedAt: now,
  };
}

/**
 * POST /v1/track/lead|sale: attribute, compute the commission, then store the conversion with its
 * commission, events and rollup delta in one statement (atomic by itself). The reads before it are
 * what a transaction at READ COMMITTED saw too. Idempotent on external_id by the unique index (a
 * retried or racing call stores nothing and replays the first answer); an unattributed conversion
 * stores nothing. Under `underKey`, a workspace key presumed valid (presumeWorkspaceKey), the first
 * statement checks it: if refused, `unauthorized` and nothing read is used or written.
 */
export async function recordConversion({ ctx, input, underKey = null }: { ctx: WorkspaceCtx; input: TrackConversion; underKey?: string | null }): Promise<TrackResult> {
  const hash = await hasherFor({ ctx });
  const at = input.ts ?? new Date();
  // The first read (with the customer's prior affiliate and payments, the visitor's touches) and
  // attribution's other click lookups in one round trip's time: a retry (rare) attributes for
  // nothing; under a key refused, what they read is dropped unseen.
  const first = conversionFirstRead({ ctx, externalId: input.externalId, underKey, customerId: input.customerId, at, manualCode: input.manualCode, ref: input.ref, visitorId: input.visitorId });
  // attribution may never look at what the first read found: its failure is the first read's, answered below
  const known = first.then((r) => r.known);
  known.catch(() => {});
  const [{ knownId, settings, history }, found] = await Promise.all([
    first,
    attribute({ ctx, input: { ...input, ipHash: hash(input.ip), uaHash: hash(input.userAgent), at }, known }),
  ]);
  // checked once the key is known to stand: a refused key is answered 401 whatever it sent
  if (!(input.visitorId || input.fingerprint || input.ref || input.manualCode || input.customerId || (input.ip && input.userAgent))) {
    throw required('visitor_id');
  }
  if (input.type === 'sale' && (input.amount === undefined || input.amount === null)) throw required('amount');
  if (knownId) return replay(knownId);
  const campaignId =
    found?.campaignId ??
    (found && (await ctx.db.select({ c: affiliates.campaignId }).from(affiliates).where(eq(affiliates.id, found.affiliateId)))[0]?.c) ??
    (await defaultCampaign(ctx))?.id;
  if (!found || !campaignId) return { ok: true as const, attributed: false as const, visitor_id: input.visitorId ?? null };
  const conv = conversionRow(ctx, input, found, campaignId, at);
  // the ledger rule on a conversion without commissions: what it earns, and for whom
  const { created, earning } = await planLedger({ ctx, conv, settings, rows: [], history });
  const receipt = buildReceipt(found, earning, created.length > 0);
  if (conv.isTest && earning) receipt.reason = 'test_conversion';
  conv.attribution = receipt;
  const stored = await writeNewConversion(ctx.db, {
    conversion: conv,
    commissions: created,
    events: eventRows(ctx.workspaceId, moneyEvents({ row: conv, type: 'conversion.created' }, { created, updated: [] })),
    // a new conversion's commissions are exactly the ones it is stored with
    deltas: contributionDeltas({ workspaceId: ctx.workspaceId, before: null, after: await contributionOf({ ctx, conv, timeZone: settings.timezone, ledger: created }) }),
  });
  return replay(stored ? conv.id : (await conversionIdByExternalId({ ctx, externalId: input.externalId }))!);
}

import { eq } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import { required } from '../../errors/errors';
import { attribute } from '../attribution/attribute';
import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { historyOf } from '../commissions/engine/history';
import { hasherFor } from '../tracking/hash';
import { conversionIdByExternalId } from './find';
import { conversionFirstRead } from './first-read';
import { storeNewConversion, type TrackConversion } from './new-conversion';
import { countPrediction, keepFirstRead, predictFirstRead } from './predicted';

export type TrackResult = { ok: true; attributed: true; conversion_id: string } | { ok: true; attributed: false; visitor_id: string | null };

const replay = (id: string): TrackResult => ({ ok: true, attributed: true, conversion_id: id });

/**
 * POST /v1/track/lead|sale: attribute, compute the commission, then store the conversion with its
 * commission, events and rollup delta in one statement (atomic by itself). The reads before it are
 * what a transaction at READ COMMITTED saw too. Idempotent on external_id by the unique index (a
 * retried or racing call stores nothing and replays the first answer); an unattributed conversion
 * stores nothing. Under `underKey`, a workspace key presumed valid (presumeWorkspaceKey), the first
 * statement checks it: if refused, `unauthorized` and nothing read is used or written; and a sale by
 * code alone may skip the first read, its write checking what it predicted (predicted.ts).
 */
export async function recordConversion({ ctx, input, underKey = null }: { ctx: WorkspaceCtx; input: TrackConversion; underKey?: string | null }): Promise<TrackResult> {
  const hash = await hasherFor({ ctx });
  const at = input.ts ?? new Date();
  const predicted = underKey ? predictFirstRead(ctx, input, underKey) : null;
  if (predicted) {
    const { prediction, found } = predicted;
    // without a customer the history is the first payment's
    const id = await storeNewConversion({ ctx, input, found, campaignId: found.campaignId, at, settings: prediction.settings, history: historyOf(undefined, at), prediction });
    countPrediction(ctx.db, !!id);
    if (id) return replay(id);
  }
  // The first read (with the customer's prior affiliate and payments, the visitor's touches) and
  // attribution's other click lookups in one round trip's time: a retry (rare) attributes for
  // nothing; under a key refused, what they read is dropped unseen.
  const first = conversionFirstRead({ ctx, externalId: input.externalId, underKey, customerId: input.customerId, at, manualCode: input.manualCode, ref: input.ref, visitorId: input.visitorId });
  // attribution may never look at what the first read found: its failure is the first read's, answered below
  const known = first.then((r) => r.known);
  known.catch(() => {});
  const [read, found] = await Promise.all([
    first,
    attribute({ ctx, input: { ...input, ipHash: hash(input.ip), uaHash: hash(input.userAgent), at }, known }),
  ]);
  const { knownId, settings, history } = read;
  keepFirstRead(ctx, input, read);
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
  const id = await storeNewConversion({ ctx, input, found, campaignId, at, settings, history });
  return replay(id ?? (await conversionIdByExternalId({ ctx, externalId: input.externalId }))!);
}

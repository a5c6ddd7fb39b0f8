import { required } from '../../errors/errors';
import { predictSale, readSale, storeSale, type SaleKeys, type SaleSnapshot } from '../../store/sale';
import { currentCodeOfAlias } from '../affiliates/ref-aliases';
import { attribute } from '../attribution/attribute';
import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { hasherFor } from '../tracking/hash';
import { conversionIdByExternalId } from './find';
import { planNewConversion, type TrackConversion } from './new-conversion';

export type { TrackConversion } from './new-conversion';
export type TrackResult = { ok: true; attributed: true; conversion_id: string } | { ok: true; attributed: false; visitor_id: string | null };

const replay = (id: string): TrackResult => ({ ok: true, attributed: true, conversion_id: id });

/** The field a conversion lacks, if any (docs/attribution.md#recording-leads-and-sales). */
function missingField(input: TrackConversion): 'visitor_id' | 'amount' | null {
  if (!(input.visitorId || input.fingerprint || input.ref || input.manualCode || input.customerId || (input.ip && input.userAgent))) return 'visitor_id';
  if (input.type === 'sale' && (input.amount === undefined || input.amount === null)) return 'amount';
  return null;
}

/**
 * POST /v1/track/lead|sale: record a conversion, idempotent on external_id
 * (docs/architecture.md#the-life-of-a-tracked-sale). Under `underKey`, a workspace key presumed
 * valid (presumeWorkspaceKey), the sale's first statement checks it: if refused, `unauthorized`
 * before anything else is answered, and nothing read is used or written.
 */
export async function recordConversion({ ctx, input, underKey = null }: { ctx: WorkspaceCtx; input: TrackConversion; underKey?: string | null }): Promise<TrackResult> {
  const hash = await hasherFor({ ctx });
  const keys: SaleKeys = { ...input, ipHash: hash(input.ip), uaHash: hash(input.userAgent), at: input.ts ?? new Date() };
  // A sale by code alone may be recorded on what the workspace's last sales read, its write checking
  // that this still holds (server/store/predictions.ts); if it does not, the sale is read.
  const predicted = underKey && !missingField(input) ? predictSale({ ctx, keys, underKey }) : null;
  const answer = predicted && (await recordOn(ctx, input, keys, predicted));
  if (answer) return answer;
  const sale = await readSale({ ctx, keys, underKey });
  // A ref naming no current code may be an affiliate's old one, which credits it as its current code
  // does (docs/affiliates.md#changing-a-ref-code): read again under that code, only on such a miss.
  const current = keys.ref && !sale.candidates.ref ? await currentCodeOfAlias(ctx.db, ctx.workspaceId, keys.ref.trim().toLowerCase()) : null;
  if (!current) return (await recordOn(ctx, input, keys, sale))!;
  const renamed = { ...keys, ref: current };
  return (await recordOn(ctx, input, renamed, await readSale({ ctx, keys: renamed, underKey })))!;
}

/**
 * The steps of recording a conversion on a snapshot of what it needs. Null only on a predicted
 * snapshot that no longer held: nothing was written.
 */
async function recordOn(ctx: WorkspaceCtx, input: TrackConversion, keys: SaleKeys, sale: SaleSnapshot): Promise<TrackResult | null> {
  // 1. checked once the key is known to stand: a refused key is answered 401 whatever it sent
  const missing = missingField(input);
  if (missing) throw required(missing);
  // 2. a retry answers what the first call did
  if (sale.knownId) return replay(sale.knownId);
  // 3. who earns it; an affiliate in no campaign is in the workspace's default one; nobody: nothing stored
  const found = attribute(keys, sale.candidates);
  const campaignId = found && (found.campaignId ?? (await defaultCampaign(ctx))?.id);
  if (!found || !campaignId) return { ok: true, attributed: false, visitor_id: input.visitorId ?? null };
  // 4. the conversion, what it earns, its events and rollup delta, as rows
  const rows = await planNewConversion({ ctx, input, found, campaignId, at: keys.at, settings: sale.settings, history: sale.history });
  // 5. stored in one statement; a racing retry stored first: its answer
  if (await storeSale(ctx, { ...rows, prediction: sale.prediction })) return replay(rows.conversion.id);
  if (sale.prediction) return null;
  return replay((await conversionIdByExternalId({ ctx, externalId: input.externalId }))!);
}

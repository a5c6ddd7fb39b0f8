import type { DbOrTx } from '@/db/client';
import { keptPerHandle } from '../../lib/kept-per-handle';
import { byCodeOf, normalCode, type Attribution, type CodeAffiliate, type KnownAffiliates } from '../attribution/attribute';
import type { WorkspaceCtx } from '../context';
import type { Settings } from '../settings/settings';
import type { TrackConversion } from './new-conversion';

// A sale's first read answers, most of the time, what the workspace's previous sale's did: the same
// settings, the same affiliate behind the same code. A sale attributed by code alone (no customer,
// visitor, fingerprint or ip to look up) under a presumed key can therefore be computed from what
// the last first read found and written in one round trip, its write checking in its own snapshot
// that every predicted answer still holds (write-conversion.ts, `predictionHolds`). When one does
// not (a change since, a retry, a key revoked) nothing is written and the sale goes the usual way.
const settingsKept = keptPerHandle<Settings>(1_000); // workspaces per database handle
const codesKept = keptPerHandle<NonNullable<CodeAffiliate>>(10_000); // codes per database handle
const stats = new WeakMap<DbOrTx, { written: number; missed: number }>();

/** What a sale written on a prediction relied on, for its write to check. */
export type Prediction = { keyHash: string; code: string; settings: Settings };
type Predicted = { prediction: Prediction; found: Attribution & { campaignId: string } };

/** Keeps what a sale's first read found, for the workspace's next sale under a presumed key to predict. */
export function keepFirstRead(ctx: WorkspaceCtx, input: TrackConversion, read: { settings: Settings; known: KnownAffiliates }) {
  settingsKept.set(ctx.db, ctx.workspaceId, read.settings);
  for (const [code, a] of [[input.manualCode, read.known.manualCode], [input.ref, read.known.ref]] as const) {
    const key = code && `${ctx.workspaceId}|${normalCode(code)}`;
    if (key && a) codesKept.set(ctx.db, key, a);
    else if (key) codesKept.delete(ctx.db, key);
  }
}

/**
 * The sale's first read as predicted from the last one, or null when it cannot be: a customer,
 * visitor, fingerprint or ip to look up, a code this process has not seen name an active affiliate
 * with a campaign, input the usual path refuses (it answers 401 before 400).
 */
export function predictFirstRead(ctx: WorkspaceCtx, input: TrackConversion, keyHash: string): Predicted | null {
  if (input.customerId || input.visitorId || input.fingerprint || (input.ip && input.userAgent)) return null;
  if (input.type === 'sale' && (input.amount === undefined || input.amount === null)) return null;
  // attribution tries a manual code before a ref; a manual code naming nobody falls to the ref, unpredicted here
  const [given, method] = input.manualCode ? [input.manualCode, 'manual_code' as const] : [input.ref, 'ref' as const];
  const code = normalCode(given);
  const settings = settingsKept.get(ctx.db, ctx.workspaceId);
  const affiliate = code ? codesKept.get(ctx.db, `${ctx.workspaceId}|${code}`) : undefined;
  if (!code || !settings || !affiliate?.campaignId) return null;
  return { prediction: { keyHash, code, settings }, found: { ...byCodeOf(affiliate, method), campaignId: affiliate.campaignId } };
}

/** Counts a sale written on its prediction, or one whose write found a prediction no longer held. */
export function countPrediction(db: DbOrTx, held: boolean) {
  let s = stats.get(db);
  if (!s) stats.set(db, (s = { written: 0, missed: 0 }));
  if (held) s.written++;
  else s.missed++;
}

/** Sales on `db` so far written on their prediction, and missed (then written the usual way). */
export const predictionStats = (db: DbOrTx) => ({ written: stats.get(db)?.written ?? 0, missed: stats.get(db)?.missed ?? 0 });

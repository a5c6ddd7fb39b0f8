import type { DbOrTx } from '@/db/client';
import { keptPerHandle } from '../lib/kept-per-handle';
import { normalCode, type AffiliateCode, type CodeAffiliate } from '../domain/attribution/attribute';
import type { WorkspaceCtx } from '../domain/context';
import type { Settings } from '../domain/settings/settings';

// A sale's first read answers, most of the time, what the workspace's previous sale's did: the same
// settings, the same affiliate behind the same code. A sale naming only codes (no customer,
// visitor, fingerprint or ip to look up) under a presumed key can therefore be recorded on what the
// last first reads found and written in one round trip, its write checking in its own snapshot
// that every predicted answer it relied on still holds (sale-write.ts, `predictionHolds`). When one
// does not (a change since, a retry, a key revoked) nothing is written and the sale is read.
// A manual code is predicted with what it was last found to be: an affiliate code (its write checks
// the code is still active, of the affiliate credited), or no affiliate code at all, then a ref code
// (its write checks no active affiliate code has that text since). Without clicks or a customer to
// weigh, a code's precedence changes nothing: an affiliate code wins either way.
/**
 * A workspace's settings row as a first read found it, and its version: the row's xmin, which every
 * write to the row changes (as a refund's conversion version, refund-read.ts), so a predicted
 * sale's write checks one value, not the 22 columns it was computed with.
 */
export type KeptSettings = { row: Settings; version: string };
const settingsKept = keptPerHandle<KeptSettings>(1_000); // workspaces per database handle
const codesKept = keptPerHandle<NonNullable<CodeAffiliate>>(10_000); // ref codes per database handle
const NO_CODE = 'none';
const affiliateCodesKept = keptPerHandle<NonNullable<AffiliateCode> | typeof NO_CODE>(10_000); // manual codes per handle
const stats = new WeakMap<DbOrTx, { written: number; missed: number }>();

/**
 * What a sale written on a prediction relied on, for its write to check: `codeId`, the affiliate
 * code its manual code was (null: none, its manual code being at most a ref code).
 */
export type Prediction = { keyHash: string; settings: KeptSettings; codes: { manualCode: string | null; ref: string | null; codeId: string | null } };
export type Predicted = { prediction: Prediction; code: AffiliateCode; manualCode: CodeAffiliate; ref: CodeAffiliate };

const codeKey = (ctx: WorkspaceCtx, code: string) => `${ctx.workspaceId}|${code}`;

/** Keeps what a sale's first read found, for the workspace's next sales under a presumed key. */
export function keepFirstRead(ctx: WorkspaceCtx, read: { settings: KeptSettings | null; codes: [string | null | undefined, CodeAffiliate][]; affiliateCode: [string | null | undefined, AffiliateCode] }) {
  if (read.settings) settingsKept.set(ctx.db, ctx.workspaceId, read.settings);
  else settingsKept.delete(ctx.db, ctx.workspaceId);
  for (const [given, a] of read.codes) {
    const code = normalCode(given);
    if (code && a) codesKept.set(ctx.db, codeKey(ctx, code), a);
    else if (code) codesKept.delete(ctx.db, codeKey(ctx, code));
  }
  const [typed, found] = read.affiliateCode;
  const code = normalCode(typed);
  if (code) affiliateCodesKept.set(ctx.db, codeKey(ctx, code), found ?? NO_CODE);
}

/**
 * The settings and the affiliates of the codes a sale names, as the last first reads found them,
 * or null when they cannot be predicted: something else to look up, or a code this process has
 * not seen name an active affiliate with a campaign.
 */
export function predictCodes(ctx: WorkspaceCtx, given: { manualCode?: string | null; ref?: string | null; other: boolean }, keyHash: string): Predicted | null {
  const settings = settingsKept.get(ctx.db, ctx.workspaceId);
  if (given.other || !settings || !(given.manualCode || given.ref)) return null;
  const [typed, refCode] = [normalCode(given.manualCode), normalCode(given.ref)];
  const kept = typed ? affiliateCodesKept.get(ctx.db, codeKey(ctx, typed)) : NO_CODE;
  if (!kept) return null;
  if (kept !== NO_CODE) {
    // the affiliate code wins over anything else the sale names
    if (!kept.campaignId) return null;
    return { prediction: { keyHash, settings, codes: { manualCode: typed, ref: refCode, codeId: kept.codeId } }, code: kept, manualCode: null, ref: null };
  }
  const [manualCode, ref] = [typed, refCode].map((c) => (c ? (codesKept.get(ctx.db, codeKey(ctx, c)) ?? null) : null));
  if ((typed && !manualCode?.campaignId) || (refCode && !ref?.campaignId)) return null;
  return { prediction: { keyHash, settings, codes: { manualCode: typed, ref: refCode, codeId: null } }, code: null, manualCode, ref };
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

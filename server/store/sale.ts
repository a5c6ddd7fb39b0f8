import type { Candidates } from '../domain/attribution/attribute';
import { historyOf, type PaymentHistory } from '../domain/commissions/engine/history';
import type { WorkspaceCtx } from '../domain/context';
import type { Settings } from '../domain/settings/settings';
import { countPrediction, keepFirstRead, predictCodes, type Prediction } from './predictions';
import { conversionFirstRead } from './sale-read';
import { writeNewConversion, type NewConversionRows } from './sale-write';
import { touchesWhere } from './touches';

// The storage beneath recording a sale (server/domain/conversions/record-conversion.ts): what it reads, as one
// snapshot, and its one write. No rule here: attribution, earning and the ledger are the domain's.

/** What identifies a sale and its visitor, as the reads want them (ip and user agent hashed). */
export type SaleKeys = {
  externalId: string;
  customerId?: string | null;
  visitorId?: string | null;
  fingerprint?: string | null;
  ipHash: string | null;
  uaHash: string | null;
  manualCode?: string | null;
  ref?: string | null;
  at: Date;
};

/**
 * What recording a sale needs to know: the workspace's settings, the id of a conversion already
 * stored under its external id, the customer's payments before it, and attribution's candidates.
 * `prediction`: the snapshot was predicted, not read (predictions.ts); its write checks it.
 */
export type SaleSnapshot = { settings: Settings; knownId: string | undefined; history: PaymentHistory; candidates: Candidates; prediction?: Prediction };

/**
 * Reads the sale's snapshot: the first read (one prepared statement, which also checks the
 * presumed key `underKey` and throws `unauthorized` if it is refused) and, beside it, the touches by
 * fingerprint and by ip + user agent when the sale gives them. Under a refused key what they read
 * is dropped unseen.
 */
export async function readSale({ ctx, keys, underKey }: { ctx: WorkspaceCtx; keys: SaleKeys; underKey: string | null }): Promise<SaleSnapshot> {
  const { at } = keys;
  const fingerprint = keys.fingerprint ? touchesWhere({ ctx, match: { by: 'fingerprint', fingerprint: keys.fingerprint }, at }) : Promise.resolve([]);
  const ip = keys.ipHash && keys.uaHash ? touchesWhere({ ctx, match: { by: 'ip', ipHash: keys.ipHash, uaHash: keys.uaHash }, at }) : Promise.resolve([]);
  for (const read of [fingerprint, ip]) read.catch(() => {}); // answered below, after the key
  const first = await conversionFirstRead({ ctx, externalId: keys.externalId, underKey, customerId: keys.customerId, at, manualCode: keys.manualCode, ref: keys.ref, visitorId: keys.visitorId });
  keepFirstRead(ctx, {
    settings: first.settingsRead,
    codes: [[keys.manualCode, first.known.manualCode], [keys.ref, first.known.ref]],
    affiliateCode: [keys.manualCode, first.known.code],
  });
  const { known } = first;
  return {
    settings: first.settings,
    knownId: first.knownId,
    history: first.history,
    candidates: {
      customer: known.customer, cookie: known.visitorTouches, fingerprint: await fingerprint, ip: await ip,
      code: known.code, manualCode: known.manualCode, ref: known.ref,
    },
  };
}

/**
 * The snapshot of a sale that names only codes, under a presumed key, as the workspace's last
 * first reads found it; null when it cannot be predicted (predictions.ts).
 */
export function predictSale({ ctx, keys, underKey }: { ctx: WorkspaceCtx; keys: SaleKeys; underKey: string }): SaleSnapshot | null {
  const other = !!(keys.customerId || keys.visitorId || keys.fingerprint || (keys.ipHash && keys.uaHash));
  const predicted = predictCodes(ctx, { manualCode: keys.manualCode, ref: keys.ref, other }, underKey);
  if (!predicted) return null;
  const { prediction, code, manualCode, ref } = predicted;
  return {
    settings: prediction.settings.row,
    knownId: undefined,
    // without a customer the history is the first payment's
    history: historyOf(undefined, keys.at),
    candidates: { customer: null, cookie: [], fingerprint: [], ip: [], code, manualCode, ref },
    prediction,
  };
}

/**
 * Stores a new conversion with its commissions, events and rollup deltas in one statement,
 * grouped with concurrent sales (sale-write.ts). False: nothing was written, because its external
 * id is stored already or, under `prediction`, what it was predicted from no longer holds.
 */
export async function storeSale(ctx: WorkspaceCtx, rows: NewConversionRows): Promise<boolean> {
  const stored = await writeNewConversion(ctx.db, rows);
  if (rows.prediction) countPrediction(ctx.db, stored);
  return stored;
}

import { matchConfidence } from '../tracking/confidence';

// Who earns a conversion (docs/attribution.md#how-a-conversion-finds-its-affiliate), as pure
// functions over what the sale read (server/store/sale-read.ts): no database, no promises.

/** A click the visitor made inside its campaign's cookie window, from an affiliate still active. */
export type Touch = {
  clickId: string;
  affiliateId: string;
  campaignId: string;
  ts: Date;
  visitorKey: string;
  model: 'last_click' | 'first_click';
  windowDays: number;
};

export type AttributionInput = {
  visitorId?: string | null;
  fingerprint?: string | null;
  ipHash?: string | null;
  uaHash?: string | null;
  manualCode?: string | null;
  ref?: string | null;
  customerId?: string | null;
  at: Date;
};

/** The active affiliate a manual code or ref names, null for none. */
export type CodeAffiliate = { id: string; campaignId: string | null } | null;

/**
 * What attribution may choose from, as read for one conversion: the customer's prior affiliate
 * (if still active), the touches found by each way of recognising the visitor (oldest first), and
 * the active affiliates its manual code and ref name. A way the input does not give is empty.
 */
export type Candidates = {
  customer: { affiliateId: string; campaignId: string } | null;
  cookie: Touch[];
  fingerprint: Touch[];
  ip: Touch[];
  manualCode: CodeAffiliate;
  ref: CodeAffiliate;
};

export type Method = 'customer' | 'cookie' | 'fingerprint' | 'ip' | 'manual_code' | 'ref';
export type Attribution = {
  affiliateId: string;
  campaignId: string | null;
  method: Method;
  confidence: number;
  clickId: string | null;
  visitorKey: string | null;
  model: string | null;
  touches: Touch[];
};

/** A referral code as affiliates' codes are stored (null for none). */
export const normalCode = (code: string | null | undefined) => (code ? code.trim().toLowerCase() : null);

/** The touch that wins by the model of the campaign of the most recent touch. */
export function chooseTouch(touches: Touch[]): Touch | undefined {
  const last = touches[touches.length - 1];
  if (!last || last.model === 'last_click') return last;
  return touches.find((t) => t.campaignId === last.campaignId);
}

const fromTouches = (method: 'cookie' | 'fingerprint' | 'ip', touches: Touch[], at: Date): Attribution | null => {
  const t = chooseTouch(touches);
  if (!t) return null;
  const confidence = method === 'cookie' ? 1 : matchConfidence(method, at.getTime() - t.ts.getTime(), t.windowDays);
  return { affiliateId: t.affiliateId, campaignId: t.campaignId, method, confidence, clickId: t.clickId, visitorKey: t.visitorKey, model: t.model, touches };
};

const byCode = (a: CodeAffiliate, method: 'manual_code' | 'ref'): Attribution | null =>
  a && { affiliateId: a.id, campaignId: a.campaignId, method, confidence: 1, clickId: null, visitorKey: null, model: null, touches: [] };

/**
 * Who earns this conversion: a customer already attributed keeps its affiliate (recurring
 * payments); otherwise visitor_id (cookie), fingerprint, ip + user agent, manual code, ref, in that
 * order, the first that finds someone winning. Null: nobody.
 */
export function attribute(input: AttributionInput, found: Candidates): Attribution | null {
  const ways: [boolean, () => Attribution | null][] = [
    [!!input.customerId, () => found.customer && { ...found.customer, method: 'customer', confidence: 1, clickId: null, visitorKey: null, model: null, touches: [] }],
    [!!input.visitorId, () => fromTouches('cookie', found.cookie, input.at)],
    [!!input.fingerprint, () => fromTouches('fingerprint', found.fingerprint, input.at)],
    [!!(input.ipHash && input.uaHash), () => fromTouches('ip', found.ip, input.at)],
    [!!input.manualCode, () => byCode(found.manualCode, 'manual_code')],
    [!!input.ref, () => byCode(found.ref, 'ref')],
  ];
  for (const [applies, way] of ways) {
    const a = applies ? way() : null;
    if (a) return a;
  }
  return null;
}

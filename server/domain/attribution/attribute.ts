import type { CODE_PRECEDENCES } from '../../model/enums';
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
 * The active affiliate code (docs/codes.md) a manual code names, of an active affiliate, null for
 * none: with `precedence`, the code_precedence of the campaign that offers its discount (the
 * affiliate's, or the workspace's default).
 */
export type AffiliateCode = { codeId: string; code: string; affiliateId: string; campaignId: string | null; precedence: (typeof CODE_PRECEDENCES)[number] } | null;

/**
 * What attribution may choose from, as read for one conversion: the customer's prior affiliate
 * (if still active), the touches found by each way of recognising the visitor (oldest first), the
 * affiliate code its manual code is, and the active affiliates whose ref codes its manual code and
 * ref are. A way the input does not give is empty.
 */
export type Candidates = {
  customer: { affiliateId: string; campaignId: string } | null;
  cookie: Touch[];
  fingerprint: Touch[];
  ip: Touch[];
  code: AffiliateCode;
  manualCode: CodeAffiliate;
  ref: CodeAffiliate;
};

export type Method = 'customer' | 'code' | 'cookie' | 'fingerprint' | 'ip' | 'manual_code' | 'ref';
export type Attribution = {
  affiliateId: string;
  campaignId: string | null;
  method: Method;
  confidence: number;
  clickId: string | null;
  visitorKey: string | null;
  model: string | null;
  touches: Touch[];
  /** The affiliate code that won (method `code`), for the receipt. */
  code: { id: string; code: string } | null;
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
  return { affiliateId: t.affiliateId, campaignId: t.campaignId, method, confidence, clickId: t.clickId, visitorKey: t.visitorKey, model: t.model, touches, code: null };
};

// a way that names its affiliate outright: no click, no doubt
const certain = (a: Pick<Attribution, 'affiliateId' | 'campaignId' | 'method'>, code: Attribution['code'] = null): Attribution =>
  ({ ...a, confidence: 1, clickId: null, visitorKey: null, model: null, touches: [], code });
const byRefCode = (a: CodeAffiliate, method: 'manual_code' | 'ref') => a && certain({ affiliateId: a.id, campaignId: a.campaignId, method });
const byAffiliateCode = (c: AffiliateCode) =>
  c && certain({ affiliateId: c.affiliateId, campaignId: c.campaignId, method: 'code' }, { id: c.codeId, code: c.code });

/**
 * Who earns this conversion: a customer already attributed keeps its affiliate (recurring
 * payments), whatever else it gives; otherwise visitor_id (cookie), fingerprint, ip + user agent,
 * manual code (an affiliate code, `code`, else a ref code, `manual_code`), ref, in that order, the
 * first that finds someone winning. An affiliate code whose campaign's code_precedence is 'code'
 * comes before the clicks instead (docs/attribution.md#codes-and-clicks). Null: nobody.
 */
export function attribute(input: AttributionInput, found: Candidates): Attribution | null {
  const code: [boolean, () => Attribution | null] = [!!input.manualCode, () => byAffiliateCode(found.code)];
  const codeFirst = found.code?.precedence === 'code';
  const ways: [boolean, () => Attribution | null][] = [
    [!!input.customerId, () => found.customer && certain({ ...found.customer, method: 'customer' })],
    ...(codeFirst ? [code] : []),
    [!!input.visitorId, () => fromTouches('cookie', found.cookie, input.at)],
    [!!input.fingerprint, () => fromTouches('fingerprint', found.fingerprint, input.at)],
    [!!(input.ipHash && input.uaHash), () => fromTouches('ip', found.ip, input.at)],
    ...(codeFirst ? [] : [code]),
    [!!input.manualCode, () => byRefCode(found.manualCode, 'manual_code')],
    [!!input.ref, () => byRefCode(found.ref, 'ref')],
  ];
  for (const [applies, way] of ways) {
    const a = applies ? way() : null;
    if (a) return a;
  }
  return null;
}

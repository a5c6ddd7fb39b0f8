import type { Attribution } from '../attribution/attribute';
import type { Earning } from '../commissions/engine/compute';

/** The attribution receipt stored with a conversion (GET /v1/conversions/{id}/attribution). */
export function buildReceipt(a: Attribution, earning: Earning | null, createdCommission: boolean) {
  return {
    model: a.model,
    method: a.method,
    // the affiliate code that won (method code): its id and text as typed at the purchase
    code: a.code,
    confidence: a.confidence,
    touches: a.touches.map((t) => ({
      click_id: t.clickId,
      affiliate_id: t.affiliateId,
      campaign_id: t.campaignId,
      ts: t.ts.toISOString(),
      match_method: a.method,
      chosen: t.clickId === a.clickId,
    })),
    rule: earning?.rule ? { id: earning.rule.id, kind: earning.rule.kind, name: earning.rule.name } : null,
    rate_campaign_id: earning?.rateCampaignId ?? null,
    amount: earning?.amount ?? 0,
    currency: earning?.currency || null,
    // what a percent rule applied to: the sale's amount less what the campaign excludes (docs/commissions.md#revenue-basis)
    revenue_basis: earning?.revenue ?? null,
    reason: earning ? (createdCommission || earning.amount === 0 ? earning.reason : 'not_created') : 'no_commission_for_this_conversion',
  };
}

import { getCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { computeEarning, type Earning, type Sale } from '../commissions/engine/compute';
import { readSettings } from '../settings/settings';

export type PreviewSale = {
  amount: number;
  /** As /v1/track/sale takes them: tax included in amount and the provider's fee; absent: not reported. */
  tax?: number;
  fee?: number;
  currency?: string;
  productId?: string;
  interval?: NonNullable<Sale['interval']>;
  /** Billing periods since the customer's first attributed payment (0: the first payment). */
  periodIndex?: number;
};

export type CommissionPreview = {
  rule: Earning['rule'];
  rateCampaignId: string | null;
  amount: number;
  currency: string;
  reasonCode: string;
  reason: string;
  revenue: Earning['revenue'];
};

// A yearly plan's period is twelve months; monthly, one-time and unknown intervals count months.
const monthsPerPeriod = (interval: PreviewSale['interval']) => (interval === 'year' ? 12 : 1);

// The previewed payment is dated on the 15th so stepping back whole months never overflows a
// short month (Mar 31 − 1 month is not Feb 31): the limited-rule check sees exact periods.
function paymentDates(now: Date, periods: number) {
  const ts = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15, 12));
  const first = new Date(ts);
  first.setUTCMonth(first.getUTCMonth() - periods);
  return { ts, firstPaymentAt: first };
}

function explain(e: Earning, redirected: boolean): string {
  const rule = e.rule;
  switch (e.reason) {
    case 'rule':
      return `${rule?.kind} rule "${rule?.name}"${redirected ? " of the campaign this product is redirected to" : ''}`;
    case 'product_not_commissionable':
      return 'product not commissionable';
    case 'unmapped_product':
      return 'product not in the catalog, and the product policy gives unmapped products nothing';
    case 'no_rule':
      return redirected ? 'no rule of the campaign this product is redirected to matches' : 'no rule matches';
    case 'one_time_rule_after_first_payment':
      return `one-time rule "${rule?.name}" pays only the customer's first payment`;
    case 'limited_rule_expired':
      return `limited rule "${rule?.name}" ended after ${rule?.lengthMonths} months`;
    default:
      return e.reason;
  }
}

/**
 * POST /v1/campaigns/{id}/commission-rule/preview: what a sale of an affiliate of this campaign
 * would earn, from the engine's own computeEarning (catalog policy, redirected products, rule
 * precedence, rule length), so the preview cannot drift from what a tracked sale creates.
 * Reads only. The currency defaults to usd, as on /v1/track/sale.
 */
export async function previewEarning({ ctx, campaignId, sale, now = new Date() }: { ctx: WorkspaceCtx; campaignId: string; sale: PreviewSale; now?: Date }): Promise<CommissionPreview> {
  const campaign = await getCampaign({ ctx, id: campaignId });
  const settings = await readSettings(ctx);
  const periodIndex = sale.periodIndex ?? 0;
  const currency = sale.currency ?? 'usd';
  const earning = await computeEarning({ ctx, settings, campaignId: campaign.id, sale: {
    amount: sale.amount,
    tax: sale.tax,
    fee: sale.fee,
    currency,
    productId: sale.productId ?? null,
    interval: sale.interval ?? null,
    periodIndex,
    ...paymentDates(now, periodIndex * monthsPerPeriod(sale.interval)),
  } });
  const redirected = earning.rateCampaignId !== null && earning.rateCampaignId !== campaign.id;
  return {
    rule: earning.rule,
    rateCampaignId: earning.rateCampaignId,
    amount: earning.amount,
    currency: earning.currency || currency,
    reasonCode: earning.reason,
    reason: explain(earning, redirected),
    revenue: earning.revenue,
  };
}

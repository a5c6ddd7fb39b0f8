import type { commissionRules } from '@/db/schema';
import { formatMoney, formatRate, hundredthsToPercent } from '../../model/money';
import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { rulesOfCampaign } from './rules';

// The deal in words, for the affiliate (docs/campaigns-and-rules.md#the-deal-in-words): what the
// campaign's catch-all rule pays, as the engine reads it ("30% of every payment for 12 months"),
// shown on the join page and in the portal. The engine's own precedence decides; this only reads.

type Rule = typeof commissionRules.$inferSelect;
type Terms = Pick<Rule, 'isFlat' | 'amount' | 'currency' | 'lengthType' | 'lengthMonths' | 'appliesToInterval'> & Partial<Pick<Rule, 'delivery' | 'deliveryMonths'>>;

const PLANS: Record<Rule['appliesToInterval'], string> = { any: '', one_time: ' on one-time purchases', month: ' on monthly plans', year: ' on yearly plans' };

/** One rule's terms, per referred customer: "30% of every payment for 12 months", "$10.00 for the first payment". */
export function termsInWords(t: Terms, workspaceCurrency: string): string {
  // Rewards given in the billing system (docs/rewards-in-billing.md) are no money paid out.
  if (t.delivery === 'free_months') return `${t.deliveryMonths === 1 ? 'a free month' : `${t.deliveryMonths} free months`}${PLANS[t.appliesToInterval]}`;
  const what = t.isFlat ? formatMoney(t.amount, t.currency ?? workspaceCurrency) : formatRate(hundredthsToPercent(t.amount));
  const months = t.lengthMonths === 1 ? 'the first month' : `${t.lengthMonths} months`;
  const length =
    t.lengthType === 'one_time'
      ? t.isFlat
        ? ' for the first payment'
        : ' of the first payment'
      : t.lengthType === 'limited'
        ? `${t.isFlat ? ' for' : ' of'} every payment for ${months}`
        : `${t.isFlat ? ' for' : ' of'} every payment, for as long as the customer pays`;
  const credit = t.delivery === 'account_credit' ? ', as credit on the bill' : '';
  return `${what}${length}${PLANS[t.appliesToInterval]}${credit}`;
}

/**
 * The terms an affiliate of `campaignId` (else the workspace's default campaign) earns by: the
 * catch-all rule in words, and a note when some products or plans earn otherwise. Null when the
 * campaign pays nothing yet.
 */
export async function campaignTermsInWords({ ctx, campaignId, currency }: { ctx: WorkspaceCtx; campaignId: string | null; currency: string }): Promise<string | null> {
  const id = campaignId ?? (await defaultCampaign(ctx))?.id;
  if (!id) return null;
  const rules = await rulesOfCampaign({ ctx, campaignId: id });
  const main = rules.find((r) => r.kind === 'default' && r.appliesToInterval === 'any') ?? rules.find((r) => r.kind === 'default') ?? rules[0];
  if (!main) return null;
  const others = rules.length > 1 ? '; some products or plans earn a different rate' : '';
  return `${termsInWords(main, currency)}${others}`;
}

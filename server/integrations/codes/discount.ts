import type { campaigns } from '@/db/schema';

// A campaign's customer discount (docs/codes.md "The campaign discount") as each provider takes
// it. Pure: the sync job (sync.ts) reads the campaign and these say what to send.

type CampaignRow = typeof campaigns.$inferSelect;
export type CodeDiscount = {
  campaignId: string;
  type: 'percent' | 'amount';
  /** hundredths of a percent (percent), minor units of `currency` (amount) */
  amount: number;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  months: number | null;
};

/** The campaign's discount, or null when it gives none (its codes then attribute only). */
export function discountOf(c: Pick<CampaignRow, 'id' | 'discountType' | 'discountAmount' | 'discountCurrency' | 'discountDuration' | 'discountMonths'>): CodeDiscount | null {
  if (!c.discountType || c.discountAmount === null || c.discountAmount <= 0) return null;
  return {
    campaignId: c.id,
    type: c.discountType,
    amount: c.discountAmount,
    currency: c.discountType === 'amount' ? (c.discountCurrency ?? '').toLowerCase() : null,
    duration: c.discountDuration,
    months: c.discountDuration === 'repeating' ? (c.discountMonths ?? 1) : null,
  };
}

/**
 * The discount's identity, kept on each provider object made with it: the same text under another
 * signature is pushed again. Also Stripe's coupon id suffix (letters, digits, underscores).
 */
export function signatureOf(d: CodeDiscount): string {
  const value = d.type === 'percent' ? `p${d.amount}` : `a${d.amount}${d.currency}`;
  const duration = d.duration === 'repeating' ? `r${d.months}` : d.duration;
  return `${value}_${duration}`;
}

/** The Stripe coupon: one per campaign and discount, its id derived from both so every code shares it. */
export function stripeCoupon(d: CodeDiscount, campaignName: string) {
  return {
    id: `refcount_${d.campaignId.replace(/-/g, '')}_${signatureOf(d)}`,
    // hundredths of a percent → Stripe's percent_off (12.5), exact in a float for two decimals
    ...(d.type === 'percent' ? { percent_off: d.amount / 100 } : { amount_off: d.amount, currency: d.currency! }),
    duration: d.duration,
    ...(d.duration === 'repeating' ? { duration_in_months: d.months! } : {}),
    // shown to the customer on the invoice; Stripe allows 40 characters
    name: campaignName.slice(0, 40),
    metadata: { refcount_campaign_id: d.campaignId },
  };
}

/** "12.5" from 1250 hundredths: Paddle takes percentages as decimal strings. */
export const paddlePercent = (hundredths: number) => (hundredths / 100).toFixed(2).replace(/\.?0+$/, '');

/**
 * The discount's terms in Paddle: a percentage as "12.5", a flat amount in minor units with its
 * currency; `recur` with a count of billing periods for repeating (Paddle counts a subscription's
 * renewals, which are months only on a monthly plan: docs/integrations/stripe.md "Paddle Billing"), none for forever.
 */
export function paddleTerms(d: CodeDiscount) {
  return {
    type: d.type === 'percent' ? ('percentage' as const) : ('flat' as const),
    amount: d.type === 'percent' ? paddlePercent(d.amount) : String(d.amount),
    currencyCode: d.type === 'amount' ? d.currency!.toUpperCase() : null,
    recur: d.duration !== 'once',
    maximumRecurringIntervals: d.duration === 'repeating' ? d.months : null,
  };
}

import type { AffiliateStatus } from '../../domain/affiliates/affiliates';
import type { ImportedAffiliate, ImportedCampaign, ImportedCode, ImportedCommission, ImportedPayout, ImportedReferral, ImportedTerms, Pages, PeerSource, Unmappable } from '../types';
import {
  rewardfulPages,
  type RewardfulAffiliate,
  type RewardfulCampaign,
  type RewardfulCommission,
  type RewardfulCoupon,
  type RewardfulOptions,
  type RewardfulPayout,
  type RewardfulReferral,
} from './api';
import { affiliateStatusOf } from '../status';

// Rewardful's records in Refcount's words (docs/moving-from-another-platform.md#rewardful).

const STATES: Record<string, AffiliateStatus> = { active: 'active', pending: 'pending', suspended: 'suspended', disabled: 'suspended', inactive: 'suspended' };
const COMMISSION_STATES: Record<RewardfulCommission['state'], ImportedCommission['status']> = { pending: 'pending', due: 'approved', paid: 'paid', voided: 'denied' };

const lower = (currency: string | null | undefined) => (currency ?? 'usd').toLowerCase();

export function campaignOf(c: RewardfulCampaign): ImportedCampaign {
  const unmappable: string[] = [];
  const length = c.max_commission_period_months
    ? { lengthType: 'limited' as const, lengthMonths: c.max_commission_period_months }
    : { lengthType: 'lifetime' as const, lengthMonths: null };
  let terms: ImportedTerms | null = null;
  if (c.reward_type === 'percent' && c.commission_percent) terms = { isFlat: false, percent: c.commission_percent, ...length };
  else if (c.reward_type === 'amount' && c.commission_amount_cents) terms = { isFlat: true, amount: c.commission_amount_cents, currency: lower(c.commission_amount_currency), ...length };
  else unmappable.push(`reward type ${c.reward_type} without an amount: no commission rule made`);
  if (c.max_commissions) unmappable.push(`max_commissions ${c.max_commissions} per referral: rules limit by months, not by count`);
  if (c.days_until_commissions_are_due) unmappable.push(`commissions due after ${c.days_until_commissions_are_due} days: the hold period is a workspace setting here`);
  if (c.minimum_payout_cents) unmappable.push(`minimum payout ${c.minimum_payout_cents} cents: the payout minimum is a workspace setting here`);
  if (c.private) unmappable.push('private (invite only): set the workspace\'s sign-up settings');
  return { id: c.id, name: c.name, cookieWindowDays: c.days_before_referrals_expire, terms, unmappable };
}

export function affiliateOf(a: RewardfulAffiliate): ImportedAffiliate {
  const { status, unmappable } = affiliateStatusOf(STATES, a.state, 'state');
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ') || null;
  return {
    id: a.id,
    email: a.email,
    name,
    status,
    payoutEmail: a.paypal_email ?? a.wise_email ?? null,
    campaignId: a.campaign?.id ?? null,
    refTokens: a.links.map((l) => l.token),
    unmappable,
  };
}

const couponOf = (c: RewardfulCoupon): ImportedCode => ({ id: c.id, affiliateId: c.affiliate_id, code: c.token, providerCodeId: c.external_id });

const customerOf = (r: Pick<RewardfulReferral, 'stripe_customer_id' | 'customer'>) => r.stripe_customer_id ?? (r.customer?.platform === 'stripe' ? r.customer.platform_id : null) ?? null;

const referralOf = (r: RewardfulReferral): ImportedReferral | null => (r.affiliate ? { id: r.id, affiliateId: r.affiliate.id, stripeCustomerId: customerOf(r) } : null);

function commissionOf(c: RewardfulCommission): ImportedCommission | null {
  const affiliateId = c.sale.affiliate?.id;
  if (!affiliateId) return null;
  return {
    id: c.id,
    affiliateId,
    status: COMMISSION_STATES[c.state],
    amount: c.amount,
    currency: lower(c.currency),
    sale: {
      id: c.sale.id,
      amount: c.sale.sale_amount_cents,
      currency: lower(c.sale.currency),
      at: new Date(c.sale.charged_at ?? c.sale.created_at),
      stripeCustomerId: c.sale.referral ? customerOf(c.sale.referral) : null,
    },
  };
}

/** Each page mapped; a record mapped to null is listed with `why`, or dropped silently when `why` says null. */
async function* mapped<R extends { id: string }, T>(kind: Unmappable['kind'], pages: AsyncGenerator<R[]>, map: (r: R) => T | null, why: (r: R) => string | null): Pages<T> {
  for await (const page of pages) {
    const items: T[] = [];
    const skipped: Unmappable[] = [];
    for (const r of page) {
      const item = map(r);
      if (item) items.push(item);
      else {
        const reason = why(r);
        if (reason) skipped.push({ kind, id: r.id, reason });
      }
    }
    yield { items, skipped };
  }
}

export function rewardfulSource(options: RewardfulOptions): PeerSource {
  const pages = <T>(path: string) => rewardfulPages<T>(options, path);
  return {
    name: 'rewardful',
    stripeMetadataKey: 'referral',
    campaigns: () => mapped('campaign', pages<RewardfulCampaign>('/campaigns'), campaignOf, () => null),
    affiliates: () => mapped('affiliate', pages<RewardfulAffiliate>('/affiliates'), affiliateOf, () => null),
    codes: () =>
      mapped('code', pages<RewardfulCoupon>('/affiliate_coupons'), (c) => (c.archived ? null : couponOf(c)), (c) => `coupon ${c.token} is archived`),
    referrals: () => mapped('referral', pages<RewardfulReferral>('/referrals'), referralOf, (r) => (r.affiliate ? null : 'a referral without an affiliate')),
    commissions: () => mapped('commission', pages<RewardfulCommission>('/commissions?expand[]=sale'), commissionOf, () => 'its sale names no affiliate'),
    payouts: () =>
      mapped(
        'payout',
        pages<RewardfulPayout>('/payouts?expand[]=affiliate&expand[]=commissions'),
        (p): ImportedPayout | null =>
          p.state === 'paid' && p.affiliate
            ? { id: p.id, affiliateId: p.affiliate.id, amount: p.amount, currency: lower(p.currency), paidAt: new Date(p.paid_at ?? p.created_at), commissionIds: (p.commissions ?? []).map((c) => c.id) }
            : null,
        (p) => `payout in state ${p.state}: not paid yet, its commissions come over as approved and are paid from here`,
      ),
  };
}

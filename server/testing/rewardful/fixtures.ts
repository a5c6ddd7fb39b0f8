import { randomUUID } from 'node:crypto';
import type { RewardfulAffiliate, RewardfulCampaign, RewardfulCommission, RewardfulCoupon, RewardfulPayout, RewardfulReferral } from '../../importers/rewardful/api';
import type { RewardfulData } from './fake-api';

// A Rewardful account to import, shaped as its docs show the objects: two campaigns (25 % for
// 12 months; $15 flat, lifetime, with a count cap Refcount cannot hold), `affiliates` affiliates
// (the first suspended, the second with two links), each with a coupon, a referred Stripe customer
// and one commission; every third commission paid in one payout per affiliate, the rest due,
// pending or voided; one unpaid payout.

const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

export function rewardfulAccount(prefix: string, affiliates = 120): RewardfulData & { customerOf: (i: number) => string; tokenOf: (i: number) => string } {
  const base = { url: 'https://shop.example.com', private: false, minimum_payout_cents: null, days_until_commissions_are_due: null, created_at: iso(400) };
  const percent: RewardfulCampaign = { ...base, id: randomUUID(), name: `${prefix} partners`, reward_type: 'percent', commission_percent: 25, commission_amount_cents: null, commission_amount_currency: null, max_commission_period_months: 12, max_commissions: null, days_before_referrals_expire: 60 };
  const flat: RewardfulCampaign = { ...base, id: randomUUID(), name: `${prefix} flat`, reward_type: 'amount', commission_percent: null, commission_amount_cents: 1500, commission_amount_currency: 'USD', max_commission_period_months: null, max_commissions: 3, days_before_referrals_expire: 30 };
  // affiliate 3's token is mixed case: ref codes are stored lower-case, and matched so
  const tokenOf = (i: number) => (i === 3 ? `${prefix}Tok${i}` : `${prefix}tok${i}`);
  const customerOf = (i: number) => `cus_${prefix}${i}`;
  const list: RewardfulAffiliate[] = [];
  const coupons: RewardfulCoupon[] = [];
  const referrals: RewardfulReferral[] = [];
  const commissions: RewardfulCommission[] = [];
  const payouts: RewardfulPayout[] = [];
  const states: RewardfulCommission['state'][] = ['paid', 'due', 'pending', 'voided'];
  for (let i = 0; i < affiliates; i++) {
    const campaign = i % 2 ? flat : percent;
    const id = randomUUID();
    const links = [{ id: randomUUID(), url: `https://shop.example.com/?via=${tokenOf(i)}`, token: tokenOf(i) }];
    if (i === 1) links.push({ id: randomUUID(), url: 'https://shop.example.com/?via=second', token: `${prefix}second` });
    const coupon: RewardfulCoupon = { id: randomUUID(), external_id: null, token: `${prefix.toUpperCase()}CODE${i}`, affiliate_id: id };
    list.push({
      id,
      first_name: `First${i}`,
      last_name: 'Last',
      email: `${prefix}${i}@example.com`,
      paypal_email: `${prefix}${i}.pay@example.com`,
      state: i === 0 ? 'suspended' : 'active',
      stripe_customer_id: null,
      campaign: { id: campaign.id, name: campaign.name },
      links,
      coupon,
      created_at: iso(300),
    });
    coupons.push(coupon);
    const referral: RewardfulReferral = {
      id: randomUUID(),
      link: links[0],
      customer: { platform: 'stripe', id: randomUUID(), name: null, email: `${prefix}cust${i}@example.com`, platform_id: customerOf(i) },
      affiliate: { id },
      stripe_customer_id: customerOf(i),
      conversion_state: 'conversion',
      created_at: iso(200),
    };
    referrals.push(referral, { ...referral, id: randomUUID(), customer: null, stripe_customer_id: null, conversion_state: 'visitor' });
    const state = states[i % 4];
    const amount = campaign === flat ? 1500 : 2500 + i;
    const commission: RewardfulCommission = {
      id: randomUUID(),
      amount,
      currency: 'USD',
      state,
      due_at: iso(100),
      paid_at: state === 'paid' ? iso(50) : null,
      voided_at: state === 'voided' ? iso(90) : null,
      campaign: { id: campaign.id },
      sale: { id: randomUUID(), currency: 'USD', charged_at: iso(120), created_at: iso(120), sale_amount_cents: campaign === flat ? 9900 : (2500 + i) * 4, referral, affiliate: { id } },
      created_at: iso(120),
    };
    commissions.push(commission);
    if (state === 'paid') payouts.push({ id: randomUUID(), amount, currency: 'USD', state: 'paid', paid_at: iso(50), affiliate: { id }, commissions: [{ id: commission.id }], created_at: iso(55) });
  }
  payouts.push({ id: randomUUID(), amount: 1500, currency: 'USD', state: 'due', paid_at: null, affiliate: { id: list[1].id }, commissions: [], created_at: iso(5) });
  return { campaigns: [percent, flat], affiliates: list, affiliate_coupons: coupons, referrals, commissions, payouts, customerOf, tokenOf };
}

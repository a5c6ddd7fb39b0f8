import type { FpCampaign, FpCommission, FpPayout, FpPromoter, FpReferral, FpReward } from '../../importers/firstpromoter/api';
import type { FirstPromoterData } from './fake-api';

// A FirstPromoter account to import, shaped as its v2 docs show the objects: two campaigns (a 25 %
// cash reward on every payment; a flat cash reward Refcount does not guess the unit of),
// `promoters` promoters (the first blocked, the second also in the other campaign with a second
// token), each with a coupon, a PayPal payout method, a referred Stripe customer (uid cus_…), a
// lead that never paid, and one commission; every fourth commission paid in one completed payout
// per promoter, the rest approved, pending or denied; one payout still pending.

const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();

export function firstPromoterAccount(prefix: string, promoters = 120): FirstPromoterData & { customerOf: (i: number) => string; leadOf: (i: number) => string; tokenOf: (i: number) => string } {
  let next = 1000;
  const id = () => next++;
  const percentReward: FpReward = { id: id(), name: '25% recurring', is_promoter_reward: true, promoter_reward_type: 'sale', schemas: [{ unit: 'cash', amount: 25, flat_amount: false, rules: [] }] };
  const flatReward: FpReward = { id: id(), name: '$15 per sale', is_promoter_reward: true, promoter_reward_type: 'sale', schemas: [{ unit: 'cash', amount: 1500, flat_amount: true, rules: [] }] };
  const base = { landing_url: 'https://shop.example.com', is_private: false };
  const percent: FpCampaign = { ...base, id: id(), name: `${prefix} partners`, visitor_cookie_life: 60, rewards_for_promoters: [{ apply_on: 'all', reward_id: percentReward.id }] };
  const flat: FpCampaign = { ...base, id: id(), name: `${prefix} flat`, visitor_cookie_life: 30, rewards_for_promoters: [{ apply_on: 'all', reward_id: flatReward.id }] };
  // promoter 3's token is mixed case: ref codes are stored lower-case, and matched so
  const tokenOf = (i: number) => (i === 3 ? `${prefix}Tok${i}` : `${prefix}tok${i}`);
  const customerOf = (i: number) => `cus_${prefix}${i}`;
  const leadOf = (i: number) => `${prefix}-lead-${i}`;
  const data: FirstPromoterData = { rewards: [percentReward, flatReward], campaigns: [percent, flat], promoters: [], payout_methods: [], referrals: [], commissions: [], payouts: [] };
  const states: ('paid' | 'approved' | 'pending' | 'denied')[] = ['paid', 'approved', 'pending', 'denied'];
  for (let i = 0; i < promoters; i++) {
    const campaign = i % 2 ? flat : percent;
    const promoterId = id();
    const membership = { id: id(), campaign_id: campaign.id, promoter_id: promoterId, state: i === 0 ? ('blocked' as const) : ('accepted' as const), created_at: iso(300), coupon: `${prefix.toUpperCase()}CODE${i}`, ref_token: tokenOf(i), ref_link: `https://shop.example.com/?fpr=${tokenOf(i)}` };
    const memberships: FpPromoter['promoter_campaigns'] = [membership];
    if (i === 1) memberships.push({ id: id(), campaign_id: percent.id, promoter_id: promoterId, state: 'accepted', created_at: iso(200), coupon: null, ref_token: `${prefix}second`, ref_link: null });
    const methodId = id();
    data.promoters.push({
      id: promoterId,
      email: `${prefix}${i}@example.com`,
      name: `First${i} Last`,
      archived_at: null,
      profile: { first_name: `First${i}`, last_name: 'Last' },
      promoter_campaigns: memberships,
      selected_payout_method: { id: methodId, method: 'paypal', is_disabled: false },
    });
    data.payout_methods.push({ id: methodId, promoter_id: promoterId, method: 'paypal', is_selected: true, is_disabled: false, details: { paypal_email: `${prefix}${i}.pay@example.com` } });
    const pc = { id: membership.id, campaign_id: campaign.id, promoter_id: promoterId };
    const customer: FpReferral = { id: id(), email: `${prefix}cust${i}@example.com`, uid: customerOf(i), state: 'active', created_at: iso(200), promoter_campaign: pc };
    data.referrals.push(customer, { id: id(), email: `${prefix}lead${i}@example.com`, uid: leadOf(i), state: 'signup', created_at: iso(190), promoter_campaign: pc });
    const state = states[i % 4];
    const amount = campaign === flat ? 1500 : 2500 + i;
    const commission: FpCommission = {
      id: id(),
      status: state === 'paid' ? 'approved' : state,
      commission_type: 'sale',
      sale_amount: campaign === flat ? 9900 : (2500 + i) * 4,
      original_sale_amount: null,
      original_sale_currency: null,
      event_id: `in_${prefix}${i}`,
      unit: 'cash',
      amount,
      is_paid: state === 'paid',
      created_at: iso(120),
      promoter_campaign: pc,
      referral: { id: customer.id, email: customer.email, uid: customer.uid },
    };
    data.commissions.push(commission);
    if (state === 'paid') data.payouts.push({ id: id(), status: 'completed', amount, unit: 'cash', paid_at: iso(50), created_at: iso(55), promoter: { id: promoterId, email: `${prefix}${i}@example.com` } });
  }
  const pending: FpPayout = { id: id(), status: 'pending', amount: 1500, unit: 'cash', paid_at: null, created_at: iso(5), promoter: { id: data.promoters[1].id, email: data.promoters[1].email } };
  data.payouts.push(pending);
  return { ...data, customerOf, leadOf, tokenOf };
}

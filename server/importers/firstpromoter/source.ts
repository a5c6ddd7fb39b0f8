import type { AffiliateStatus } from '../../domain/affiliates/affiliates';
import type { ImportedAffiliate, ImportedCampaign, ImportedCode, ImportedCommission, ImportedPayout, ImportedReferral, ImportedTerms, Pages, PeerSource, Unmappable } from '../types';
import {
  firstPromoterPages,
  fpGet,
  type FirstPromoterOptions,
  type FpCampaign,
  type FpCommission,
  type FpPayout,
  type FpPayoutMethod,
  type FpPromoter,
  type FpPromoterCampaignState,
  type FpPromoterList,
  type FpReferral,
  type FpReward,
} from './api';
import { affiliateStatusOf } from '../status';

// FirstPromoter's records in Refcount's words (docs/moving-from-another-platform.md#firstpromoter).
// Its amounts carry no currency: they are read in the workspace's currency (`currency`).

const STATES: Record<FpPromoterCampaignState, AffiliateStatus | null> = { accepted: 'active', pending: 'pending', rejected: 'rejected', blocked: 'suspended', inactive: 'suspended', not_set: null };
const COMMISSION_STATES: Record<FpCommission['status'], ImportedCommission['status']> = { pending: 'pending', approved: 'approved', denied: 'denied' };

/** A referral is keyed by its `uid` (what FirstPromoter wrote into Stripe's `fp_uid`), else by its numeric id. */
export const referralKey = (r: { id: number; uid: string | null }) => r.uid || `id:${r.id}`;
const stripeCustomerOf = (uid: string | null | undefined) => (uid?.startsWith('cus_') ? uid : null);

export function campaignOf(c: FpCampaign, rewards: Map<number, FpReward>): ImportedCampaign {
  const unmappable: string[] = [];
  let terms: ImportedTerms | null = null;
  const own = c.rewards_for_promoters ?? [];
  if (own.length !== 1) unmappable.push(own.length ? `${own.length} promoter rewards (per plan or product): no commission rule made, set the rules by hand` : 'no promoter reward: no commission rule made');
  else {
    const { apply_on, reward_id } = own[0];
    const reward = rewards.get(reward_id);
    const schema = reward?.schemas.length === 1 ? reward.schemas[0] : undefined;
    if (!reward || !schema) unmappable.push(`reward ${reward_id} ${reward ? 'has several schemas' : 'was not found'}: no commission rule made`);
    else if (reward.promoter_reward_type && reward.promoter_reward_type !== 'sale') unmappable.push(`reward "${reward.name}" is a ${reward.promoter_reward_type} reward: no commission rule made`);
    else if (schema.unit !== 'cash') unmappable.push(`reward "${reward.name}" pays in ${schema.unit}: only cash commissions are held here`);
    else if (schema.rules?.length) unmappable.push(`reward "${reward.name}" has conditions (${schema.rules.map((r) => `${r.type} ${r.condition} ${r.value}`).join(', ')}): no commission rule made`);
    else if (schema.flat_amount) unmappable.push(`reward "${reward.name}" is a flat ${schema.amount}: the docs do not say whether in cents or in units, set the rule by hand`);
    else if (apply_on !== 'all') unmappable.push(`reward "${reward.name}" applies to ${apply_on} payments only: no commission rule made`);
    else terms = { isFlat: false, percent: schema.amount, lengthType: 'lifetime', lengthMonths: null };
  }
  if (c.is_private) unmappable.push('private campaign: set the workspace\'s sign-up settings');
  return { id: String(c.id), name: c.name, cookieWindowDays: c.visitor_cookie_life || null, terms, unmappable };
}

export function affiliateOf(p: FpPromoter, payoutEmail: string | null): ImportedAffiliate {
  const unmappable: string[] = [];
  const [main, ...others] = [...p.promoter_campaigns].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  if (others.length) unmappable.push(`also in campaign${others.length > 1 ? 's' : ''} ${others.map((o) => o.campaign_id).join(', ')}: an affiliate has one campaign here, it is in ${main.campaign_id}`);
  const mapped = main ? affiliateStatusOf(STATES, main.state, 'state') : { status: 'pending' as const, unmappable: [] };
  let status: AffiliateStatus = mapped.status;
  unmappable.push(...mapped.unmappable);
  if (p.archived_at && status !== 'rejected') {
    status = 'suspended';
    unmappable.push('archived: imported as suspended');
  }
  const name = p.name || [p.profile?.first_name, p.profile?.last_name].filter(Boolean).join(' ') || null;
  return {
    id: String(p.id),
    email: p.email,
    name,
    status,
    payoutEmail,
    campaignId: main ? String(main.campaign_id) : null,
    refTokens: [main, ...others].flatMap((pc) => (pc?.ref_token ? [pc.ref_token] : [])),
    unmappable,
  };
}

function commissionOf(c: FpCommission, currency: string): ImportedCommission | null {
  const affiliateId = c.promoter_campaign?.promoter_id;
  if (!affiliateId || c.unit !== 'cash') return null;
  return {
    id: String(c.id),
    affiliateId: String(affiliateId),
    status: c.is_paid ? 'paid' : COMMISSION_STATES[c.status],
    amount: c.amount,
    currency,
    sale: {
      id: c.event_id ?? `commission:${c.id}`,
      amount: c.sale_amount ?? 0,
      currency,
      at: new Date(c.created_at),
      stripeCustomerId: stripeCustomerOf(c.referral?.uid),
    },
  };
}

/** Each page mapped; a record mapped to null is listed with `why`, or dropped silently when `why` says null. */
async function* mapped<R extends { id: number }, T>(kind: Unmappable['kind'], pages: AsyncIterable<R[]>, map: (r: R) => T | null | Promise<T | null>, why: (r: R) => string | null): Pages<T> {
  for await (const page of pages) {
    const items: T[] = [];
    const skipped: Unmappable[] = [];
    for (const r of page) {
      const item = await map(r);
      if (item) items.push(item);
      else {
        const reason = why(r);
        if (reason) skipped.push({ kind, id: String(r.id), reason });
      }
    }
    yield { items, skipped };
  }
}

/** `currency`: the workspace's (lower-case), since FirstPromoter's amounts name none. */
export function firstPromoterSource(options: FirstPromoterOptions & { currency: string }): PeerSource {
  const currency = options.currency.toLowerCase();
  const pages = <T>(path: string) => firstPromoterPages<T>(options, path);
  const promoters = () => firstPromoterPages<FpPromoter, FpPromoterList>(options, '/promoters', (b) => b.data);

  /** The PayPal (else Wise) e-mail of the promoter's selected payout method: one call per promoter that has one. */
  async function payoutEmailOf(p: FpPromoter): Promise<string | null> {
    if (!p.selected_payout_method || !['paypal', 'wise'].includes(p.selected_payout_method.method)) return null;
    const methods = await fpGet<FpPayoutMethod[]>(options, `/payout_methods?filters%5Bpromoter_id%5D=${p.id}`);
    const chosen = methods.find((m) => m.id === p.selected_payout_method?.id) ?? methods.find((m) => m.is_selected);
    return chosen?.details?.paypal_email ?? chosen?.details?.wise_email ?? null;
  }

  async function* campaigns(): Pages<ImportedCampaign> {
    const rewards = new Map<number, FpReward>();
    for await (const page of pages<FpReward>('/rewards')) for (const r of page) rewards.set(r.id, r);
    yield* mapped('campaign', pages<FpCampaign>('/campaigns'), (c) => campaignOf(c, rewards), () => null);
  }

  async function* codes(): Pages<ImportedCode> {
    for await (const page of promoters()) {
      // a promoter's coupon lives on its membership of a campaign: keyed by that membership's id
      const items = page.flatMap((p) => p.promoter_campaigns.flatMap((pc) => (pc.coupon ? [{ id: `promoter_campaign:${pc.id}`, affiliateId: String(p.id), code: pc.coupon, providerCodeId: null }] : [])));
      yield { items };
    }
  }

  return {
    name: 'firstpromoter',
    stripeMetadataKey: 'fp_uid',
    campaigns,
    affiliates: () => mapped('affiliate', promoters(), async (p) => affiliateOf(p, await payoutEmailOf(p)), () => null),
    codes,
    referrals: () =>
      mapped(
        'referral',
        pages<FpReferral>('/referrals'),
        (r): ImportedReferral | null => (r.promoter_campaign ? { id: referralKey(r), affiliateId: String(r.promoter_campaign.promoter_id), stripeCustomerId: stripeCustomerOf(r.uid) } : null),
        () => 'a referral without a promoter',
      ),
    commissions: () =>
      mapped('commission', pages<FpCommission>('/commissions'), (c) => commissionOf(c, currency), (c) =>
        c.unit !== 'cash' ? `a commission in ${c.unit} (${c.amount}): only cash commissions are held here` : 'a commission without a promoter',
      ),
    payouts: () =>
      mapped(
        'payout',
        pages<FpPayout>('/payouts'),
        (p): ImportedPayout | null =>
          p.status === 'completed' && p.promoter && p.unit === 'cash' && Number.isInteger(p.amount)
            ? { id: String(p.id), affiliateId: String(p.promoter.id), amount: p.amount, currency, paidAt: new Date(p.paid_at ?? p.created_at), commissionIds: [] }
            : null,
        (p) =>
          p.status !== 'completed'
            ? `payout in status ${p.status}: not paid yet, its commissions come over unpaid and are paid from here`
            : p.unit !== 'cash'
              ? `a payout in ${p.unit}: only cash is held here`
              : !p.promoter
                ? 'a payout without a promoter'
                : `amount ${p.amount} is not a whole number of cents: set it by hand`,
      ),
  };
}

import { getPeerJson, type PeerHttpOptions } from '../peer-http';

// FirstPromoter's admin API v2 as its public docs describe it (docs.firstpromoter.com/api-reference-v2/
// api-admin/introduction): base https://api.firstpromoter.com/api/v2/company, the API key as a Bearer
// token and the account id in an `Account-ID` header on every call, lists paged with `page` (from 1)
// and `per_page` (default 20, at most 100), 400 requests a minute per account (a 429 beyond). The
// docs do not say how a list marks its last page (no total or next link is documented): a page
// shorter than `per_page` is read as the last one. Only the fields the import reads.

export const FIRSTPROMOTER_API = 'https://api.firstpromoter.com/api/v2/company';
export const PAGE_SIZE = 100;

/** One schema of a reward (api-admin/rewards/…, `Reward.schemas[]`). */
export type FpRewardSchema = {
  unit: 'cash' | 'free_months' | 'credits' | 'points' | 'mon_discount' | 'discount_per';
  /** A percentage, or a flat amount: the docs name no unit for a flat amount (cents or currency units). */
  amount: number;
  flat_amount: boolean;
  rules?: { type: string; condition: string; value: number; operator?: string }[];
};

/** GET /rewards (api-admin/rewards/get-rewards). */
export type FpReward = {
  id: number;
  name: string;
  is_promoter_reward: boolean;
  promoter_reward_type: 'sale' | 'tier' | 'target' | null;
  schemas: FpRewardSchema[];
};

/** GET /campaigns (api-admin/campaigns/get-campaigns). */
export type FpCampaign = {
  id: number;
  name: string;
  landing_url: string | null;
  /** Days. */
  visitor_cookie_life: number | null;
  is_private: boolean;
  auto_approve_promoters?: boolean;
  rewards_for_promoters: { apply_on: 'monthly' | 'yearly' | 'one_time' | 'all' | 'specific'; reward_id: number; product_ids?: number[] }[];
};

export type FpPromoterCampaignState = 'pending' | 'accepted' | 'rejected' | 'blocked' | 'inactive' | 'not_set';

/** GET /promoters → { data, meta } (api-admin/promoters/get-available-promoters, `PromoterListItem`). */
export type FpPromoter = {
  id: number;
  email: string;
  name: string | null;
  archived_at: string | null;
  profile: { first_name: string | null; last_name: string | null } | null;
  promoter_campaigns: {
    id: number;
    campaign_id: number;
    promoter_id: number;
    state: FpPromoterCampaignState;
    created_at: string;
    coupon: string | null;
    ref_token: string | null;
    ref_link: string | null;
  }[];
  selected_payout_method: { id: number; method: string; is_disabled: boolean } | null;
};
export type FpPromoterList = { data: FpPromoter[]; meta: { pending_count?: number } };

/** GET /payout_methods?filters[promoter_id]= (api-admin/payout-methods, `PayoutMethod`). */
export type FpPayoutMethod = {
  id: number;
  method: 'paypal' | 'bank' | 'wise' | 'crypto' | 'custom' | 'dots';
  is_selected: boolean;
  is_disabled: boolean;
  details: { paypal_email?: string; wise_email?: string } | null;
};

/** GET /referrals (api-admin/referrals/get-referrals, `Referral`). */
export type FpReferral = {
  id: number;
  email: string | null;
  /** The id the company tracked the referral by; with Stripe, the Stripe customer id, and what `fp_uid` holds. */
  uid: string | null;
  state: 'subscribed' | 'signup' | 'active' | 'cancelled' | 'refunded' | 'denied' | 'pending' | 'moved';
  created_at: string;
  promoter_campaign: { id: number; campaign_id: number; promoter_id: number } | null;
};

/** GET /commissions (api-admin/commissions/get-commissions, `Commission`): amounts in cents, in the account's currency (no currency field). */
export type FpCommission = {
  id: number;
  status: 'pending' | 'approved' | 'denied';
  commission_type: 'sale' | 'custom';
  sale_amount: number | null;
  original_sale_amount: number | null;
  original_sale_currency: string | null;
  event_id: string | null;
  unit: 'cash' | 'credits' | 'points' | 'free_months' | 'mon_discount' | 'discount_per';
  amount: number;
  is_paid: boolean;
  created_at: string;
  promoter_campaign: { id: number; campaign_id: number; promoter_id: number } | null;
  referral: { id: number; email: string | null; uid: string | null } | null;
};

/** GET /payouts (api-admin/payouts/get-payouts, `Payout`): `amount` is a number; read as cents like every other amount, a fraction is refused. */
export type FpPayout = {
  id: number;
  status: 'pending' | 'completed' | 'failed' | 'processing' | 'cancelled';
  amount: number;
  unit: string;
  paid_at: string | null;
  created_at: string;
  promoter: { id: number; email: string | null } | null;
};

export type FirstPromoterOptions = { apiKey: string; accountId: string; baseUrl?: string; http?: PeerHttpOptions };

export const fpHeaders = (o: FirstPromoterOptions) => ({ authorization: `Bearer ${o.apiKey}`, 'account-id': o.accountId });

/** One GET answered as JSON: `path` with its query. */
export const fpGet = <T>(options: FirstPromoterOptions, path: string) => getPeerJson<T>(`${options.baseUrl ?? FIRSTPROMOTER_API}${path}`, fpHeaders(options), options.http);

/** Every page of a list endpoint, in order, `page` and `per_page` added; `unwrap` takes the items out of an answer. */
export async function* firstPromoterPages<T, B = T[]>(options: FirstPromoterOptions, path: string, unwrap: (body: B) => T[] = (b) => b as unknown as T[]): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    const url = new URL(`${options.baseUrl ?? FIRSTPROMOTER_API}${path}`);
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(PAGE_SIZE));
    const items = unwrap(await getPeerJson<B>(url.toString(), fpHeaders(options), options.http));
    if (items.length) yield items;
    if (items.length < PAGE_SIZE) return;
  }
}

import { getPeerJson, type PeerHttpOptions } from '../peer-http';

// Rewardful's REST API v1 as its public docs describe it (developers.rewardful.com/rest-api):
// HTTP Basic auth with the API secret as the user name, list endpoints paged with `page` and
// `limit` (at most 100), each answering { pagination, data }. Only the fields the import reads.

export const REWARDFUL_API = 'https://api.getrewardful.com/v1';
export const PAGE_SIZE = 100;

export type RewardfulPagination = {
  previous_page: number | null;
  current_page: number;
  next_page: number | null;
  count: number;
  limit: number;
  total_pages: number;
  total_count: number;
};
export type RewardfulList<T> = { pagination: RewardfulPagination; data: T[] };

export type RewardfulCampaign = {
  id: string;
  name: string;
  url: string | null;
  private: boolean;
  reward_type: 'percent' | 'amount';
  commission_percent: number | null;
  commission_amount_cents: number | null;
  commission_amount_currency: string | null;
  minimum_payout_cents: number | null;
  max_commission_period_months: number | null;
  max_commissions: number | null;
  days_before_referrals_expire: number | null;
  days_until_commissions_are_due: number | null;
  created_at: string;
};

export type RewardfulLink = { id: string; url: string; token: string };
export type RewardfulCoupon = { id: string; external_id: string | null; token: string; affiliate_id: string; archived?: boolean };

export type RewardfulAffiliate = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  paypal_email: string | null;
  wise_email?: string | null;
  state: string;
  stripe_customer_id: string | null;
  campaign: { id: string; name: string } | null;
  links: RewardfulLink[];
  coupon?: RewardfulCoupon | null;
  created_at: string;
};

export type RewardfulCustomer = { platform: string; id: string; name: string | null; email: string | null; platform_id: string | null };

export type RewardfulReferral = {
  id: string;
  link: RewardfulLink | null;
  customer: RewardfulCustomer | null;
  affiliate: { id: string } | null;
  stripe_customer_id: string | null;
  conversion_state: 'visitor' | 'lead' | 'conversion';
  created_at: string;
};

export type RewardfulSale = {
  id: string;
  currency: string;
  charged_at: string | null;
  created_at: string;
  sale_amount_cents: number;
  charge_amount_cents?: number;
  refund_amount_cents?: number;
  referral: Pick<RewardfulReferral, 'id' | 'stripe_customer_id' | 'customer'> | null;
  affiliate: { id: string } | null;
};

export type RewardfulCommission = {
  id: string;
  amount: number;
  currency: string;
  state: 'pending' | 'due' | 'paid' | 'voided';
  due_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
  campaign: { id: string } | null;
  sale: RewardfulSale;
  created_at: string;
};

export type RewardfulPayout = {
  id: string;
  amount: number;
  currency: string;
  state: 'pending' | 'due' | 'processing' | 'paid';
  paid_at: string | null;
  affiliate: { id: string } | null;
  commissions?: { id: string }[];
  created_at: string;
};

export type RewardfulOptions = { apiKey: string; baseUrl?: string; http?: PeerHttpOptions };

/** Every page of a list endpoint, in order: `path` with its query (expand[]…), `page` and `limit` added. */
export async function* rewardfulPages<T>(options: RewardfulOptions, path: string): AsyncGenerator<T[]> {
  const auth = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  for (let page: number | null = 1; page !== null; ) {
    const url = new URL(`${options.baseUrl ?? REWARDFUL_API}${path}`);
    url.searchParams.set('page', String(page));
    url.searchParams.set('limit', String(PAGE_SIZE));
    const body: RewardfulList<T> = await getPeerJson<RewardfulList<T>>(url.toString(), { authorization: auth }, options.http);
    yield body.data;
    page = body.pagination.next_page;
  }
}

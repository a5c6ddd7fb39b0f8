import { getPeerJson, type PeerHttpOptions } from '../peer-http';

// PartnerStack's vendor API v2 as its public docs describe it (docs.partnerstack.com, "Partner API"
// and the v2 reference): HTTP Basic auth with the public key as user name and the secret key as
// password; every answer is { data, message, status }; list endpoints are paged by cursor:
// `limit` (1..250, default 10) and `starting_after` = the `key` of the last item of the page before,
// answering data: { has_more, items }. Dates are epoch milliseconds; amounts are integer cents of
// the record's `currency` (the v1 transaction docs: "amount is in cents for whichever currency
// supplied"). Only the fields the import reads. Where the docs are silent, the comment says so
// and which reading the import takes.

export const PARTNERSTACK_API = 'https://api.partnerstack.com/api/v2';
export const PAGE_SIZE = 100;

/** "Partner API" page, Responses and Pagination. */
export type PartnerStackList<T> = { data: { has_more: boolean; items: T[] }; message: string; status: number };

/** GET /groups (v2 reference "List groups"): a group of partners. Its reward terms are not in the API. */
export type PartnerStackGroup = {
  key: string;
  name: string;
  slug: string;
  default: boolean;
  archived: boolean;
  created_at: number;
};

/**
 * GET /partnerships (v2 reference "List partnerships"): a partner in the vendor's program.
 * `partner_key` is the key its referral links carry; `group` its group. The docs do not name a
 * payout e-mail (PartnerStack pays partners itself, to their account) nor a coupon field: the
 * import takes the partnership's e-mail as the payout e-mail, and a custom field `coupon_code`
 * (partnerships carry the sign-up form's custom `fields`) as a coupon code when present.
 * `status`: the docs list no values; read as active | pending | archived | declined | suspended,
 * anything else listed.
 */
export type PartnerStackPartnership = {
  key: string;
  partner_key: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: string;
  group: { key: string; name: string } | null;
  fields?: Record<string, string | null> | null;
  created_at: number;
};

/**
 * GET /customers (v2 reference "List customers"): a customer a partner referred, named by its
 * `customer_key` (what PartnerStack wrote into the Stripe customer's metadata, `customer_key`).
 * `provider_key`: the customer's id at the payment provider (a Stripe `cus_…` with the Stripe
 * integration), null when PartnerStack never saw one.
 */
export type PartnerStackCustomer = {
  key: string;
  customer_key: string;
  email: string | null;
  name: string | null;
  partnership_key: string | null;
  provider_key: string | null;
  created_at: number;
};

/** GET /transactions (v2 reference "List transactions"): a sale of a customer, in cents of `currency`. */
export type PartnerStackTransaction = {
  key: string;
  customer_key: string;
  amount: number;
  currency: string;
  product_key: string | null;
  category_key: string | null;
  approved: boolean;
  created_at: number;
};

/**
 * GET /rewards (v2 reference "List rewards"): what a partner earned, in cents. `status` (the docs'
 * example: pending) read as pending | approved | declined; `payment_status` per the documented
 * enum. The docs do not say a reward's currency: when absent, its transaction's currency is used.
 */
export type PartnerStackReward = {
  key: string;
  amount: number;
  currency?: string | null;
  status: 'pending' | 'approved' | 'declined';
  payment_status: 'in_transit' | 'withdrawn' | 'paid_and_refunded' | 'available' | 'paid_externally' | 'expired' | 'failed' | 'merging' | null;
  partnership_key: string | null;
  customer_key: string | null;
  transaction_key: string | null;
  description: string | null;
  decline_reason: string | null;
  created_at: number;
};

/**
 * GET /payouts: a payment PartnerStack made to a partner. The public docs do not describe this
 * object's fields: the import reads `status` `paid` only (anything else is listed, never paid
 * again from here), and the reward keys it paid if it lists them.
 */
export type PartnerStackPayout = {
  key: string;
  partnership_key: string | null;
  amount: number;
  currency?: string | null;
  status: string;
  paid_at: number | null;
  rewards?: { key: string }[] | null;
  created_at: number;
};

export type PartnerStackOptions = {
  /** "public_key:secret_key", as the CLI's --api-key takes it. */
  apiKey: string;
  baseUrl?: string;
  http?: PeerHttpOptions;
};

/** Basic auth of "public:secret" (the part after the first colon is the secret). */
export function authorizationOf(apiKey: string): string {
  return `Basic ${Buffer.from(apiKey).toString('base64')}`;
}

/** Every page of a list endpoint, in order, following `starting_after` while `has_more`. */
export async function* partnerStackPages<T extends { key: string }>(options: PartnerStackOptions, path: string): AsyncGenerator<T[]> {
  if (!options.apiKey.includes(':')) throw new Error('the PartnerStack API key is "public_key:secret_key" in one string');
  const headers = { authorization: authorizationOf(options.apiKey) };
  for (let after: string | null = null, more = true; more; ) {
    const url = new URL(`${options.baseUrl ?? PARTNERSTACK_API}${path}`);
    url.searchParams.set('limit', String(PAGE_SIZE));
    if (after) url.searchParams.set('starting_after', after);
    const body: PartnerStackList<T> = await getPeerJson<PartnerStackList<T>>(url.toString(), headers, options.http);
    const items = body.data.items;
    yield items;
    more = body.data.has_more && items.length > 0;
    after = items.at(-1)?.key ?? null;
  }
}

import { getPeerJson, type PeerHttpOptions } from '../peer-http';

// Tolt's REST API v1 as its public docs describe it (docs.tolt.com, "Overview"): base
// https://api.tolt.com, the API key as a Bearer token, every list scoped by `program_id` and paged by
// cursor: `limit` (default 10, at most 100) and `starting_after` (the last id of the previous page),
// answering { success, has_more, total_count, data }. Only the fields the import reads.
// The docs show one list (customers/list) with its items under `data.data`: both shapes are read.
// Payouts, campaigns and commission flows are not in the REST API (sdks/mcp: "Payouts, invoices and
// campaigns are available here but not in the REST API").

export const TOLT_API = 'https://api.tolt.com/v1';
export const PAGE_SIZE = 100;

export type ToltList<T> = { success: boolean; has_more: boolean; total_count?: number; data: T[] | { data: T[] } };

/** GET /v1/programs (programs/list): takes no parameters. */
export type ToltProgram = { id: string; name: string; status: string; currency_code: string | null; created_at: string };

/** GET /v1/partners (partners/list). */
export type ToltPartner = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  company_name: string | null;
  program_id: string;
  group_id: string | null;
  status: 'active' | 'pending' | 'suspended' | 'rejected';
  payout_method: 'paypal' | 'crypto' | 'wise' | 'bank_transfer' | 'wire' | 'none' | null;
  /** "Details specific to the selected payout method (e.g., PayPal email…)": `{ email }` for PayPal and Wise in the docs' examples. */
  payout_details: { email?: string } | null;
  created_at: string;
};

/** GET /v1/links (links/list): a partner's `?<param>=<value>`. */
export type ToltLink = { id: string; param: string; value: string; partner_id: string; created_at: string };

/** GET /v1/promotion-codes (promotion-codes/list). */
export type ToltPromotionCode = { id: string; code: string; type: 'fixed' | 'percentage'; value: number; partner_id: string; active?: boolean; created_at: string };

/** GET /v1/customers (customers/list): `customer_id` is the company's own id (with Stripe, the Stripe customer). */
export type ToltCustomer = {
  id: string;
  email: string | null;
  partner_id: string | null;
  customer_id: string | null;
  click_id?: string | null;
  status: 'lead' | 'trialing' | 'active' | 'canceled';
  created_at: string;
};

/** GET /v1/transactions (transactions/list): amounts in cents. */
export type ToltTransaction = { id: string; amount: number | string; customer_id: string | null; partner_id?: string | null; charge_id: string | null; created_at: string };

/**
 * GET /v1/commissions?expand[]=customer&expand[]=transaction (commissions/list): "Commission amount in
 * cents", shown as a number in the list and as a string ("1999") in commissions/create: both read.
 * `currency` and `payout_id` appear in commissions/create's answer only; absent, the program's currency.
 */
export type ToltCommission = {
  id: string;
  amount: number | string;
  revenue: number | string | null;
  status: 'pending' | 'approved' | 'paid' | 'rejected' | 'refunded';
  currency?: string | null;
  payout_id?: string | null;
  customer_id: string | null;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
  customer?: ToltCustomer | null;
  transaction?: ToltTransaction | null;
};

export type ToltOptions = { apiKey: string; programId: string; baseUrl?: string; http?: PeerHttpOptions };

const itemsOf = <T>(body: ToltList<T>): T[] => (Array.isArray(body.data) ? body.data : (body.data?.data ?? []));

/** Every page of a list endpoint, in order: `path` with its query, `program_id`, `limit` and the cursor added. */
export async function* toltPages<T extends { id: string }>(options: ToltOptions, path: string, scoped = true): AsyncGenerator<T[]> {
  const auth = { authorization: `Bearer ${options.apiKey}` };
  for (let after: string | null = null; ; ) {
    const url = new URL(`${options.baseUrl ?? TOLT_API}${path}`);
    // /v1/programs "does not accept query parameters": only the program-scoped lists get them
    if (scoped) {
      url.searchParams.set('program_id', options.programId);
      url.searchParams.set('limit', String(PAGE_SIZE));
    }
    if (after) url.searchParams.set('starting_after', after);
    const body = await getPeerJson<ToltList<T>>(url.toString(), auth, options.http);
    const items = itemsOf(body);
    if (items.length) yield items;
    if (!body.has_more || !items.length) return;
    after = items[items.length - 1].id;
  }
}

/** Cents as Tolt writes them (a number or a string of digits), exactly; anything else is null. */
export function centsOf(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

import type { AffiliateStatus } from '../../domain/affiliates/affiliates';
import type { ImportedAffiliate, ImportedCampaign, ImportedCode, ImportedCommission, ImportedPayout, ImportedReferral, Pages, PeerSource, Unmappable } from '../types';
import {
  partnerStackPages,
  type PartnerStackCustomer,
  type PartnerStackGroup,
  type PartnerStackOptions,
  type PartnerStackPartnership,
  type PartnerStackPayout,
  type PartnerStackReward,
  type PartnerStackTransaction,
} from './api';
import { affiliateStatusOf } from '../status';

// PartnerStack's records in Refcount's words (docs/moving-from-another-platform.md#partnerstack).

const STATES: Record<string, AffiliateStatus> = { active: 'active', approved: 'active', pending: 'pending', archived: 'suspended', declined: 'suspended', suspended: 'suspended' };
/** A reward whose money already left the vendor (in the partner's wallet, on its way, withdrawn, paid outside): paid. */
const PAID = new Set<PartnerStackReward['payment_status']>(['available', 'in_transit', 'withdrawn', 'paid_externally', 'paid_and_refunded', 'merging']);

const lower = (currency: string) => currency.toLowerCase();
const stripeCustomer = (providerKey: string | null | undefined) => (providerKey?.startsWith('cus_') ? providerKey : null);

export function campaignOf(g: PartnerStackGroup): ImportedCampaign {
  const unmappable = ["PartnerStack's API does not give a group's reward terms: no commission rule made, set the campaign's rule by hand"];
  if (g.archived) unmappable.push('archived group: imported as a campaign, archive it here if it is no longer used');
  return { id: g.key, name: g.name, cookieWindowDays: null, terms: null, unmappable };
}

export function affiliateOf(p: PartnerStackPartnership): ImportedAffiliate {
  const { status, unmappable } = affiliateStatusOf(STATES, p.status, 'status');
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ') || null;
  return {
    id: p.key,
    email: p.email,
    name,
    status,
    // PartnerStack pays partners to their account: its e-mail is where they were paid
    payoutEmail: p.email,
    campaignId: p.group?.key ?? null,
    refTokens: [p.partner_key],
    unmappable,
  };
}

const couponOf = (p: PartnerStackPartnership): ImportedCode | null => {
  const code = p.fields?.coupon_code?.trim();
  return code ? { id: `${p.key}:coupon`, affiliateId: p.key, code, providerCodeId: null } : null;
};

/** Each page mapped; a record mapped to null is listed with `why`, or dropped silently when `why` says null. */
async function* mapped<R extends { key: string }, T>(kind: Unmappable['kind'], pages: AsyncIterable<R[]>, map: (r: R) => T | null, why: (r: R) => string | null, idOf: (r: R) => string = (r) => r.key): Pages<T> {
  for await (const page of pages) {
    const items: T[] = [];
    const skipped: Unmappable[] = [];
    for (const r of page) {
      const item = map(r);
      if (item) items.push(item);
      else {
        const reason = why(r);
        if (reason) skipped.push({ kind, id: idOf(r), reason });
      }
    }
    yield { items, skipped };
  }
}

export function partnerStackSource(options: PartnerStackOptions): PeerSource {
  const pages = <T extends { key: string }>(path: string) => partnerStackPages<T>(options, path);
  /** What later lists need of earlier ones, read once per source: Stripe customers by customer key, reward currencies. */
  const customers = new Map<string, PartnerStackCustomer>();
  let customersRead = false;
  const rewardCurrency = new Map<string, string>();

  async function readCustomers() {
    if (customersRead) return;
    for await (const page of pages<PartnerStackCustomer>('/customers')) for (const c of page) customers.set(c.customer_key, c);
    customersRead = true;
  }

  async function* referrals(): Pages<ImportedReferral> {
    const seen: PartnerStackCustomer[] = [];
    yield* mapped(
      'referral',
      (async function* () {
        for await (const page of pages<PartnerStackCustomer>('/customers')) {
          seen.push(...page);
          yield page;
        }
      })(),
      (c): ImportedReferral | null => (c.partnership_key ? { id: c.customer_key, affiliateId: c.partnership_key, stripeCustomerId: stripeCustomer(c.provider_key) } : null),
      () => 'a customer no partner referred',
      (c) => c.customer_key,
    );
    for (const c of seen) customers.set(c.customer_key, c);
    customersRead = true;
  }

  async function* commissions(): Pages<ImportedCommission> {
    await readCustomers();
    const transactions = new Map<string, PartnerStackTransaction>();
    for await (const page of pages<PartnerStackTransaction>('/transactions')) for (const t of page) transactions.set(t.key, t);
    for await (const page of pages<PartnerStackReward>('/rewards')) {
      const items: ImportedCommission[] = [];
      const skipped: Unmappable[] = [];
      for (const r of page) {
        const t = r.transaction_key ? transactions.get(r.transaction_key) : undefined;
        if (!r.partnership_key) skipped.push({ kind: 'commission', id: r.key, reason: 'a reward of no partnership' });
        else if (!t) skipped.push({ kind: 'commission', id: r.key, reason: `a reward not earned on a sale (${r.description ?? 'no description'}): Refcount's commissions are earned on sales` });
        // the docs give cents: anything else is not guessed at
        else if (!Number.isSafeInteger(r.amount) || !Number.isSafeInteger(t.amount)) skipped.push({ kind: 'commission', id: r.key, reason: `amount ${r.amount} (sale ${t.amount}) is not a whole number of cents` });
        else {
          const currency = lower(r.currency ?? t.currency);
          rewardCurrency.set(r.key, currency);
          const status = r.status === 'declined' || r.payment_status === 'expired' ? 'denied' : r.status === 'pending' ? 'pending' : PAID.has(r.payment_status) ? 'paid' : 'approved';
          items.push({
            id: r.key,
            affiliateId: r.partnership_key,
            status,
            amount: r.amount,
            currency,
            sale: { id: t.key, amount: t.amount, currency: lower(t.currency), at: new Date(t.created_at), stripeCustomerId: stripeCustomer(customers.get(t.customer_key)?.provider_key) },
          });
        }
      }
      yield { items, skipped };
    }
  }

  function payoutOf(p: PartnerStackPayout): ImportedPayout | null {
    const rewardKeys = (p.rewards ?? []).map((r) => r.key);
    const currency = p.currency ? lower(p.currency) : rewardKeys.map((k) => rewardCurrency.get(k)).find(Boolean);
    if (p.status !== 'paid' || !p.partnership_key || !currency || !Number.isSafeInteger(p.amount)) return null;
    return { id: p.key, affiliateId: p.partnership_key, amount: p.amount, currency, paidAt: new Date(p.paid_at ?? p.created_at), commissionIds: rewardKeys };
  }

  return {
    name: 'partnerstack',
    stripeMetadataKey: 'customer_key',
    campaigns: () => mapped('campaign', pages<PartnerStackGroup>('/groups'), campaignOf, () => null),
    affiliates: () => mapped('affiliate', pages<PartnerStackPartnership>('/partnerships'), affiliateOf, () => null),
    codes: () => mapped('code', pages<PartnerStackPartnership>('/partnerships'), couponOf, () => null),
    referrals,
    commissions,
    payouts: () =>
      mapped('payout', pages<PartnerStackPayout>('/payouts'), payoutOf, (p) =>
        p.status !== 'paid'
          ? `payout in status ${p.status}: not paid yet, its rewards come over as they are and are paid from here`
          : !p.partnership_key
            ? 'a payout of no partnership'
            : Number.isSafeInteger(p.amount)
              ? 'a payout whose currency neither it nor its rewards say'
              : `amount ${p.amount} is not a whole number of cents`,
      ),
  };
}

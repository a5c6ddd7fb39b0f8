import type { ImportedAffiliate, ImportedCampaign, ImportedCode, ImportedCommission, ImportedPayout, ImportedReferral, Pages, PeerSource, Unmappable } from '../types';
import { centsOf, toltPages, type ToltCommission, type ToltCustomer, type ToltLink, type ToltOptions, type ToltPartner, type ToltProgram, type ToltPromotionCode } from './api';

// Tolt's records in Refcount's words (docs/moving-from-another-platform.md#tolt). One import brings
// one program (`programId`): it becomes one campaign. Amounts are cents in the program's currency
// (else, when the program names none, the workspace's `currency`).

const COMMISSION_STATES: Record<ToltCommission['status'], ImportedCommission['status']> = { pending: 'pending', approved: 'approved', paid: 'paid', rejected: 'denied', refunded: 'denied' };

/** A customer is keyed by the click it came from (what tolt.js gave Stripe as `tolt_referral`), else by its id. */
export const customerKey = (c: Pick<ToltCustomer, 'id' | 'click_id'>) => c.click_id || c.id;
const stripeCustomerOf = (c: Pick<ToltCustomer, 'customer_id'> | null | undefined) => (c?.customer_id?.startsWith('cus_') ? c.customer_id : null);

export function partnerOf(p: ToltPartner, links: ToltLink[], campaignId: string): ImportedAffiliate {
  const unmappable = links.filter((l) => l.param !== 'ref').map((l) => `link ?${l.param}=${l.value}: links here are ?ref=, so it is kept as the ref code ${l.value}`);
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ') || p.company_name || null;
  const payoutEmail = p.payout_method === 'paypal' || p.payout_method === 'wise' ? (p.payout_details?.email ?? null) : null;
  if (p.payout_method && !['paypal', 'wise', 'none'].includes(p.payout_method)) unmappable.push(`payout method ${p.payout_method}: its details are not copied, the affiliate sets its payout details here`);
  return { id: p.id, email: p.email, name, status: p.status, payoutEmail, campaignId, refTokens: links.map((l) => l.value), unmappable };
}

function commissionOf(c: ToltCommission, currency: string): ImportedCommission | null {
  const affiliateId = c.customer?.partner_id ?? c.transaction?.partner_id;
  const amount = centsOf(c.amount);
  if (!affiliateId || amount === null) return null;
  const cur = (c.currency ?? currency).toLowerCase();
  return {
    id: c.id,
    affiliateId,
    status: COMMISSION_STATES[c.status],
    amount,
    currency: cur,
    sale: {
      id: c.transaction_id ?? `commission:${c.id}`,
      amount: centsOf(c.transaction?.amount) ?? centsOf(c.revenue) ?? 0,
      currency: cur,
      at: new Date(c.transaction?.created_at ?? c.created_at),
      stripeCustomerId: stripeCustomerOf(c.customer),
    },
  };
}

async function* mapped<R extends { id: string }, T>(kind: Unmappable['kind'], pages: AsyncIterable<R[]>, map: (r: R) => T | null, why: (r: R) => string | null): Pages<T> {
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

/** `currency`: the workspace's, used only if the program names none. */
export function toltSource(options: ToltOptions & { currency: string }): PeerSource {
  const pages = <T extends { id: string }>(path: string) => toltPages<T>(options, path);
  let program: Promise<ToltProgram | undefined> | undefined;
  const programOf = () =>
    (program ??= (async () => {
      for await (const page of toltPages<ToltProgram>(options, '/programs', false)) {
        const found = page.find((p) => p.id === options.programId);
        if (found) return found;
      }
      return undefined;
    })());
  const currencyOf = async () => ((await programOf())?.currency_code ?? options.currency).toLowerCase();
  const commissions = () => pages<ToltCommission>('/commissions?expand%5B%5D=customer&expand%5B%5D=transaction');

  async function* campaigns(): Pages<ImportedCampaign> {
    const p = await programOf();
    if (!p) {
      yield { items: [], skipped: [{ kind: 'campaign', id: options.programId, reason: 'no such program in this Tolt organization' }] };
      return;
    }
    const unmappable = [
      'commission flows (what partners earn, per group) are not in Tolt\'s REST API: no commission rule made, set the campaign\'s rule by hand',
      'cookie window, payout term and minimum payout are not in Tolt\'s REST API: set them by hand',
    ];
    yield { items: [{ id: p.id, name: p.name, cookieWindowDays: null, terms: null, unmappable }] };
  }

  async function* affiliates(): Pages<ImportedAffiliate> {
    const links = new Map<string, ToltLink[]>();
    for await (const page of pages<ToltLink>('/links')) for (const l of page) links.set(l.partner_id, [...(links.get(l.partner_id) ?? []), l]);
    // oldest link first: the first becomes the ref code, the others its aliases
    for (const list of links.values()) list.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    yield* mapped('affiliate', pages<ToltPartner>('/partners'), (p) => partnerOf(p, links.get(p.id) ?? [], options.programId), () => null);
  }

  async function* payouts(): Pages<ImportedPayout> {
    // Tolt's REST API has no payouts: the paid commissions naming a payout are grouped into it
    const byPayout = new Map<string, { affiliateId: string; amount: number; currency: string; paidAt: Date; commissionIds: string[] }>();
    const currency = await currencyOf();
    for await (const page of commissions()) {
      for (const c of page) {
        const item = c.status === 'paid' && c.payout_id ? commissionOf(c, currency) : null;
        if (!item || !c.payout_id) continue;
        const at = new Date(c.updated_at);
        const p = byPayout.get(c.payout_id);
        if (!p) byPayout.set(c.payout_id, { affiliateId: item.affiliateId, amount: item.amount, currency: item.currency, paidAt: at, commissionIds: [c.id] });
        else {
          p.amount += item.amount;
          p.commissionIds.push(c.id);
          if (at > p.paidAt) p.paidAt = at;
        }
      }
    }
    yield { items: [...byPayout].map(([id, p]) => ({ id, ...p })) };
  }

  return {
    name: 'tolt',
    stripeMetadataKey: 'tolt_referral',
    campaigns,
    affiliates,
    codes: () =>
      mapped('code', pages<ToltPromotionCode>('/promotion-codes'), (c): ImportedCode | null => (c.active === false ? null : { id: c.id, affiliateId: c.partner_id, code: c.code, providerCodeId: null }), (c) => `promotion code ${c.code} is not active`),
    referrals: () =>
      mapped('referral', pages<ToltCustomer>('/customers'), (c): ImportedReferral | null => (c.partner_id ? { id: customerKey(c), affiliateId: c.partner_id, stripeCustomerId: stripeCustomerOf(c) } : null), () => 'a customer without a partner'),
    commissions: () =>
      (async function* () {
        const currency = await currencyOf();
        yield* mapped('commission', commissions(), (c) => commissionOf(c, currency), (c) => (centsOf(c.amount) === null ? `amount ${c.amount} is not a whole number of cents` : 'its customer names no partner'));
      })(),
    payouts,
  };
}

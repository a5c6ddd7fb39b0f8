import type { AffiliateStatus } from '../domain/affiliates/affiliates';

// The one interface every importer (server/importers/<peer>/) implements: the peer's records as
// async pages (one array per page of its API), each item named by the peer's own id, already in
// Refcount's words. The runner (run.ts) writes them; a source never touches the database.

/** A peer's campaign terms in Refcount's words; null: nothing the rules can hold. */
export type ImportedTerms =
  | { isFlat: false; percent: number; lengthType: 'one_time' | 'limited' | 'lifetime'; lengthMonths: number | null }
  | { isFlat: true; amount: number; currency: string; lengthType: 'one_time' | 'limited' | 'lifetime'; lengthMonths: number | null };

/** What the peer has that Refcount cannot hold: listed in the report, never guessed. */
export type Unmappable = { kind: ImportKind; id: string; reason: string };

export type ImportedCampaign = {
  id: string;
  name: string;
  cookieWindowDays: number | null;
  terms: ImportedTerms | null;
  unmappable: string[];
};

export type ImportedAffiliate = {
  id: string;
  email: string | null;
  name: string | null;
  status: AffiliateStatus;
  payoutEmail: string | null;
  /** The peer's campaign id, if any. */
  campaignId: string | null;
  /** The tokens of its links (`?ref=<token>`); the first becomes the ref code, the others its aliases. */
  refTokens: string[];
  unmappable: string[];
};

export type ImportedCode = {
  id: string;
  affiliateId: string;
  code: string;
  /** The payment provider's promotion code (promo_…) the peer linked, if it says. */
  providerCodeId: string | null;
};

/** A referral (visitor or customer): noted so Stripe customers naming it are linked; a known customer is linked at once. */
export type ImportedReferral = {
  id: string;
  affiliateId: string;
  /** Stripe customer (cus_…); a visitor who never became a customer has none. */
  stripeCustomerId: string | null;
};

export type ImportedCommission = {
  id: string;
  affiliateId: string;
  status: 'pending' | 'approved' | 'paid' | 'denied';
  amount: number;
  currency: string;
  /** The sale it was earned on. */
  sale: { id: string; amount: number; currency: string; at: Date; stripeCustomerId: string | null };
};

/** A payout the peer already made: imported as paid history, never sent again. */
export type ImportedPayout = {
  id: string;
  affiliateId: string;
  amount: number;
  currency: string;
  paidAt: Date;
  commissionIds: string[];
};

export type ImportKind = 'campaign' | 'affiliate' | 'code' | 'referral' | 'commission' | 'payout';

/** One page of a peer's list: items plus what of that page cannot come over (e.g. an unpaid payout). */
export type Pages<T> = AsyncIterable<{ items: T[]; skipped?: Unmappable[] }>;

export interface PeerSource {
  /** The peer's name as the import_refs rows and the CLI say it. */
  readonly name: string;
  /** The Stripe customer metadata key the peer wrote its referral id into. */
  readonly stripeMetadataKey: string;
  campaigns(): Pages<ImportedCampaign>;
  affiliates(): Pages<ImportedAffiliate>;
  codes(): Pages<ImportedCode>;
  referrals(): Pages<ImportedReferral>;
  commissions(): Pages<ImportedCommission>;
  payouts(): Pages<ImportedPayout>;
}

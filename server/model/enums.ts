// Every status, kind and interval of the domain, once: the Drizzle schema, the zod contracts, the
// domain and the pages all read these lists. No Node or Drizzle imports (the browser bundles it).

export const AFFILIATE_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
export const CAMPAIGN_STATUSES = ['active', 'paused', 'archived'] as const;
export const ATTRIBUTION_MODELS = ['last_click', 'first_click'] as const;
/**
 * Whether a click inside the window beats an affiliate's code typed at checkout (`click`, the
 * order of docs/attribution.md) or the code wins (`code`); decided by the code's campaign.
 */
export const CODE_PRECEDENCES = ['click', 'code'] as const;
/** A campaign's customer discount (docs/codes.md): a percentage off, or an amount in one currency. */
export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
/** How many invoices a discount applies to, as Stripe's coupons say it: the first, N months, all. */
/** What a recruiter earns on its recruits (docs/groups-bounties-recruiters.md#recruiters). */
export const RECRUITER_REWARD_TYPES = ['percent_of_commission', 'percent_of_sale', 'flat_on_approval'] as const;
export const DISCOUNT_DURATIONS = ['once', 'repeating', 'forever'] as const;
export const AFFILIATE_CODE_STATUSES = ['active', 'inactive'] as const;
/** Who made a code: from the ref code, the manager, the affiliate in the portal, or linked from a provider. */
export const AFFILIATE_CODE_SOURCES = ['generated', 'manager', 'affiliate', 'linked'] as const;
/** A code's state in the connected providers: waiting for the sync job, in step, or its last try failed. */
export const CODE_SYNC_STATES = ['pending', 'synced', 'failed'] as const;
/**
 * Why a code went inactive (docs/codes.md#lifecycle): deactivated by hand, replaced by a rename, or
 * its affiliate left `active`; only the last comes back when the affiliate is active again.
 */
export const CODE_DEACTIVATION_REASONS = ['deactivated', 'renamed', 'affiliate_inactive'] as const;
export const TEAM_ROLES = ['owner', 'admin', 'viewer'] as const;
/**
 * What the join page does with an application from a disposable e-mail domain: refuse it, take it
 * but hold it for review (never auto-approved), or treat it like any other.
 */
export const DISPOSABLE_EMAIL_POLICIES = ['refuse', 'flag', 'allow'] as const;

export const CONVERSION_TYPES = ['lead', 'sale'] as const;
export const CONVERSION_STATUSES = ['pending', 'confirmed', 'reversed', 'refunded', 'chargeback'] as const;
/** How a sale bills: once, or per month or year of a subscription. */
export const BILLING_INTERVALS = ['one_time', 'month', 'year'] as const;
/** What a rule or reward applies to: any billing interval, or one of them. */
export const APPLIES_TO_INTERVALS = ['any', ...BILLING_INTERVALS] as const;
export const REVERSAL_REASONS = ['refund', 'chargeback'] as const;
/** How a conversion found its click (docs/attribution.md#clicks-and-visitors); `new` when a click started the visit. */
export const MATCH_METHODS = ['cookie', 'fingerprint', 'ip', 'new'] as const;
export const CLICK_SOURCES = ['api', 'browser', 'redirect'] as const;

export const COMMISSION_STATUSES = ['pending', 'approved', 'denied', 'paid', 'reversed'] as const;
/** Commissions that are still owed (not yet paid, denied or reversed). */
export const UNPAID_COMMISSION_STATUSES = ['pending', 'approved'] as const satisfies readonly (typeof COMMISSION_STATUSES)[number][];
export const REVIEW_STATUSES = ['approved', 'denied'] as const satisfies readonly (typeof COMMISSION_STATUSES)[number][];
// bounty: a bounty's reward (no sale); recruiter: a recruiter's second-tier line on its recruit's commission
// (docs/groups-bounties-recruiters.md)
export const COMMISSION_KINDS = ['earning', 'clawback', 'bounty', 'recruiter'] as const;
export const REWARD_TYPES = ['cash', 'non_cash'] as const;
/**
 * How a reward reaches its receiver (docs/rewards-in-billing.md): paid out (cash or non-cash, as
 * before), or delivered in the merchant's billing system as account credit or free months.
 */
export const REWARD_DELIVERIES = ['payout', 'account_credit', 'free_months'] as const;
/** Who gets a reward delivered in the billing system: the referred customer, or the affiliate as a billing customer. */
export const REWARD_DELIVERY_TARGETS = ['customer', 'affiliate'] as const;
/** A reward delivery's state: waiting for (or retrying) its provider call, done, failed (retried), taken back. */
export const REWARD_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'reversed'] as const;
export const LENGTH_TYPES = ['one_time', 'limited', 'lifetime'] as const;
export const RULE_KINDS = ['default', 'product', 'interval'] as const;
// processing: sent through a payout rail, its answer awaited; returned: paid, then sent back by the
// rail (a reversed transfer, an unclaimed PayPal payout): its commissions are released like a failure's.
export const PAYOUT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'returned', 'canceled'] as const;
export const PAYOUT_OUTCOMES = ['paid', 'failed', 'canceled'] as const satisfies readonly (typeof PAYOUT_STATUSES)[number][];
/** How an affiliate is paid (docs/paying-affiliates.md): by the manager from the CSV, a Stripe Connect Express account, or PayPal. */
export const PAYOUT_METHOD_KINDS = ['manual', 'stripe_connect', 'paypal'] as const;
/** Whether a method can be paid now: not yet (onboarding, an unconfirmed PayPal address), ready, or refused by the provider. */
export const PAYOUT_METHOD_STATES = ['setting_up', 'ready', 'restricted'] as const;
/** How a payout line left: by hand from the CSV, or sent through a rail (docs/paying-affiliates.md#sending-a-batch). */
export const PAYOUT_RAILS = ['manual', 'stripe_connect', 'paypal'] as const;
/** A batch made by POST /v1/payouts: open until sent, once (docs/paying-affiliates.md#sending-a-batch). */
export const PAYOUT_BATCH_STATES = ['open', 'sent'] as const;

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const RECOMMENDED_ACTIONS = ['none', 'monitor', 'review', 'hold_commissions', 'suspend'] as const;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
/** The affiliate e-mails made from events (docs/emails.md#kinds). */
export const EMAIL_KINDS = ['affiliate_approved', 'commission_earned', 'commission_approved', 'payout_sent', 'payout_failed', 'clawback', 'group_changed'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const MAIL_STATUSES = ['queued', 'sent', 'logged', 'failed'] as const;

export const PROVIDERS = ['stripe', 'paddle'] as const;
/** Every provider whose events the receiver takes: the sales providers, and PayPal (payouts only: docs/paying-affiliates.md). */
export const INTEGRATION_PROVIDERS = [...PROVIDERS, 'paypal'] as const;
/** Who made a code's provider object inactive (db/schema/code-links.ts). */
export const CODE_LINK_CLOSERS = ['refcount', 'merchant'] as const;
// What a provider sale's amount stores (server/integrations/sale-amounts.ts); the commission's basis is the campaign's.
export const AMOUNT_BASES = ['paid', 'paid_excluding_tax'] as const;
// rejected: signed by the provider but malformed (docs/integrations/stripe.md), kept with the reason.
export const PROVIDER_EVENT_STATUSES = ['received', 'applied', 'ignored', 'waiting', 'failed', 'rejected'] as const;
export const PROVIDER_EVENT_KINDS = ['payment', 'promotion_code', 'adjustment'] as const;
// A provider backfill (server/integrations/backfills.ts): running until every phase is read.
export const BACKFILL_STATUSES = ['running', 'done', 'failed'] as const;
// Read in this order: checkouts link customers first, so invoices find their links.
export const BACKFILL_PHASES = ['checkouts', 'customers', 'invoices', 'transactions', 'done'] as const;

/** Buckets of a report's time series. */
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'affiliate', 'system'] as const;
/** Scopes of a workspace API key; `*` grants all. */
export const KEY_SCOPES = ['read', 'write', 'track', 'payouts', '*'] as const;

export type TeamRole = (typeof TEAM_ROLES)[number];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export type AmountBasis = (typeof AMOUNT_BASES)[number];
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
export type UnpaidCommissionStatus = (typeof UNPAID_COMMISSION_STATUSES)[number];

/** The events a webhook endpoint can subscribe to, `*` for all (docs/webhooks.md#events). */
export const EVENT_TYPES = [
  'affiliate.created',
  'affiliate.updated',
  'affiliate.group_changed',
  'campaign.created',
  'campaign.updated',
  'conversion.created',
  'conversion.updated',
  'commission.created',
  'commission.updated',
  'payout.created',
  'payout.updated',
  'payout.sent',
  'payout.paid',
  'payout.failed',
  'risk.flagged',
  'bounty_submission.created',
  'bounty_submission.approved',
  'bounty_submission.rejected',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What the risk engine can flag (docs/risk.md#flags). */
export const RISK_FLAGS = [
  'self_referral',
  'velocity_anomaly',
  'duplicate_fingerprint',
  'ip_concentration',
  'high_refund_rate',
  'conversion_rate_anomaly',
  'disposable_email',
] as const;

/** Why a payout batch leaves an affiliate out, and why a commission is not payable yet. */
export const PAYOUT_SKIP_REASONS = ['commissions_held', 'no_payout_method', 'net_not_positive', 'below_min_payout', 'tax_form_required'] as const;
export const PAYOUT_WAIT_REASONS = ['not_approved', 'in_hold_period'] as const;
/** W-9: US persons; W-8BEN: everyone else (docs/paying-affiliates.md#tax-forms). */
export const TAX_FORM_KINDS = ['w9', 'w8ben'] as const;
export type TaxFormKind = (typeof TAX_FORM_KINDS)[number];
export type PayoutSkipReason = (typeof PAYOUT_SKIP_REASONS)[number];
export type PayoutWaitReason = (typeof PAYOUT_WAIT_REASONS)[number];

export const REPORT_METRICS = ['clicks', 'conversions', 'revenue', 'commissions'] as const;
export const LEADERBOARD_SORTS = ['revenue', 'conversions', 'commissions'] as const;

/** Bounties (docs/groups-bounties-recruiters.md#bounties): reach a total in a period, or submit proof. */
export const BOUNTY_TYPES = ['performance', 'submission'] as const;
/** What a performance bounty counts; revenue and commissions in the bounty's currency, minor units. */
export const BOUNTY_METRICS = ['clicks', 'leads', 'sales', 'revenue', 'commissions'] as const;
/** A bounty's period: once ever, or once per calendar month / ISO week in the workspace's time zone. */
export const BOUNTY_PERIODS = ['all_time', 'month', 'week'] as const;
export const BOUNTY_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const BOUNTY_REJECTION_REASONS = ['not_eligible', 'insufficient_proof', 'duplicate', 'other'] as const;
export type BountyType = (typeof BOUNTY_TYPES)[number];
export type BountyMetric = (typeof BOUNTY_METRICS)[number];
export type BountyPeriod = (typeof BOUNTY_PERIODS)[number];
export type BountyRejectionReason = (typeof BOUNTY_REJECTION_REASONS)[number];

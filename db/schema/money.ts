import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ts, updatedAt, workspaceRef } from './columns';
import { BILLING_INTERVALS, COMMISSION_KINDS, COMMISSION_STATUSES, CONVERSION_STATUSES, CONVERSION_TYPES, PAYOUT_BATCH_STATES, PAYOUT_RAILS, PAYOUT_STATUSES, REWARD_TYPES, UNPAID_COMMISSION_STATUSES } from '../../server/model/enums';

export const conversions = pgTable(
  'conversions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    campaignId: uuid('campaign_id').notNull(),
    affiliateId: uuid('affiliate_id').notNull(),
    type: text('type', { enum: CONVERSION_TYPES }).notNull(),
    status: text('status', { enum: CONVERSION_STATUSES }).notNull(),
    amount: money('amount').notNull().default(0),
    refundedAmount: money('refunded_amount').notNull().default(0),
    // What the sale reports of its amount (minor units, null: not reported): the tax included in
    // it and the payment provider's fee on it, which a campaign may take off the commission's
    // basis (docs/commissions.md#revenue-basis).
    tax: money('tax'),
    fee: money('fee'),
    currency: text('currency').notNull().default('usd'),
    externalId: text('external_id').notNull(),
    customerId: text('customer_id'),
    productId: text('product_id'),
    interval: text('interval', { enum: BILLING_INTERVALS }),
    isTest: boolean('is_test').notNull().default(false),
    // The Stripe Connect account (acct_…) whose event made it, when a platform's connected
    // account sold (docs/integrations/stripe.md#stripe-connect-platforms); null otherwise.
    connectedAccount: text('connected_account'),
    // The lead's e-mail, normalised and hashed with the workspace's tracking salt (never the
    // address): a payment provider's customer with that e-mail is linked to the lead's affiliate.
    emailHash: text('email_hash'),
    visitorKey: text('visitor_key'),
    clickId: uuid('click_id'),
    matchMethod: text('match_method'),
    matchConfidence: real('match_confidence'),
    // The attribution receipt: candidate touches, method, model, the rule that won, the amount.
    attribution: jsonb('attribution'),
    ts: ts('ts').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // idempotency of /v1/track/lead|sale and the lookup of /v1/track/refund
    uniqueIndex('conversions_workspace_external_uq').on(t.workspaceId, t.externalId),
    // GET /v1/conversions?status=&from=&to=
    index('conversions_workspace_ts_idx').on(t.workspaceId, t.ts),
    // the hold-period job's due sales of one workspace, oldest first (confirmed ones add no entry)
    index('conversions_pending_idx').on(t.workspaceId, t.ts).where(sql`${t.status} = 'pending'`),
    // /v1/affiliate/conversions and affiliate filters
    index('conversions_affiliate_idx').on(t.affiliateId, t.ts),
    // recurring payments: an attributed customer keeps its affiliate. Partial: a conversion
    // without a customer (every lead and click-attributed sale of a store without one) adds no entry,
    // and every lookup names a customer (`customer_id = $1` implies not null)
    index('conversions_customer_idx').on(t.workspaceId, t.customerId).where(sql`${t.customerId} is not null`),
    // a provider's new customer looks up the lead of its e-mail (only conversions with one have an entry)
    index('conversions_email_idx').on(t.workspaceId, t.emailHash).where(sql`${t.emailHash} is not null`),
  ],
);

export const commissions = pgTable(
  'commissions',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    // Null only for a bounty's earning (kind `bounty`) and a recruiter's flat reward on a recruit's
    // approval (kind `recruiter`): no sale made them.
    conversionId: uuid('conversion_id'),
    ruleId: uuid('rule_id'),
    // Negative for a clawback of a paid commission.
    amount: money('amount').notNull(),
    computedAmount: money('computed_amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: COMMISSION_STATUSES }).notNull().default('pending'),
    kind: text('kind', { enum: COMMISSION_KINDS }).notNull().default('earning'),
    reversesCommissionId: uuid('reverses_commission_id'),
    // The status a reversed commission returns to when its conversion leaves the reversal state.
    restoreStatus: text('restore_status', { enum: UNPAID_COMMISSION_STATUSES }),
    rewardType: text('reward_type', { enum: REWARD_TYPES }).notNull().default('cash'),
    periodIndex: integer('period_index').notNull().default(0),
    payoutId: uuid('payout_id'),
    holdUntil: ts('hold_until'),
    // kind `bounty`: the bounty (db/schema/bounties.ts) and its period ('all', '2026-11', '2026-W48')
    bountyId: uuid('bounty_id'),
    periodKey: text('period_key'),
    // A second-tier line (kind recruiter, and its clawbacks): the recruit whose commission or
    // approval it is earned on (docs/groups-bounties-recruiters.md#recruiters-two-tier); null otherwise.
    recruitId: uuid('recruit_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one earning per (conversion, affiliate): a retried sale can never pay twice
    uniqueIndex('commissions_earning_uq').on(t.conversionId, t.affiliateId).where(sql`${t.kind} = 'earning'`),
    // a bounty pays an affiliate once per period, however many evaluations or approvals race
    uniqueIndex('commissions_bounty_uq').on(t.bountyId, t.affiliateId, t.periodKey).where(sql`${t.kind} = 'bounty'`),
    // one recruiter line per (conversion, recruiter), and one flat approval reward per (recruiter, recruit)
    uniqueIndex('commissions_recruiter_uq').on(t.conversionId, t.affiliateId).where(sql`${t.kind} = 'recruiter'`),
    uniqueIndex('commissions_recruiter_flat_uq').on(t.affiliateId, t.recruitId).where(sql`${t.kind} = 'recruiter' and ${t.conversionId} is null`),
    // GET /v1/commissions?status= and payout batching (approved, past hold)
    index('commissions_workspace_status_idx').on(t.workspaceId, t.status, t.createdAt),
    // the commissions list, newest first: 50 rows read in index order however many the workspace has
    index('commissions_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    // one affiliate's commissions newest first (?affiliate_id=, the portal): without it the generic
    // plan walked the workspace's created index filtering affiliate_id, every commission of the
    // workspace for an affiliate with less than a page (bench:reports: 392 ms at 1M). It also
    // serves every other lookup by affiliate (the portal's sums, by status too): an index on
    // (affiliate_id, status) beside it cost every sale one more entry and no query needed it
    index('commissions_affiliate_created_idx').on(t.affiliateId, t.createdAt, t.id),
    // a conversion's ledger; workspace_id too, so a generic plan of "workspace and conversion" never
    // ANDs in the workspace's whole index (it did: 1 ms a sale at 6,000 commissions, growing)
    index('commissions_conversion_idx').on(t.conversionId, t.workspaceId),
    // a payout's commissions; a commission enters a payout long after it is written, so the sale's
    // insert adds no entry here
    index('commissions_payout_idx').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    // No index for the reward delivery job: it reads new commissions through the created index above
    // (server/integrations/rewards/deliveries.ts); one more here took a sale's write past 16 locks.
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    // The batch (POST /v1/payouts run) that made it; null for payouts made before batches.
    batchId: uuid('batch_id'),
    // How it left: null until sent (a manual line is paid from the CSV and never sent).
    rail: text('rail', { enum: PAYOUT_RAILS }),
    // The provider's object (Stripe: the transfer tr_…) and the account it went to, kept from the
    // send so a retry repeats the exact call under the same idempotency key.
    providerRef: text('provider_ref'),
    destination: text('destination'),
    // A rail that pays a batch in one call (PayPal Payouts): the provider's id of that batch
    // (payout_batch_id), so a retry reads the batch's items instead of sending it again.
    providerBatchRef: text('provider_batch_ref'),
    // Why it failed, came back, or could not be sent, in our words (docs/paying-affiliates.md).
    failureReason: text('failure_reason'),
    // What the merchant noted when marking it paid by hand (a PayPal transaction id, a bank
    // reference); provider_ref above is the rail's own object and stays null for those.
    reference: text('reference'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    // GET /v1/payouts and /v1/affiliate/payouts
    index('payouts_workspace_idx').on(t.workspaceId, t.createdAt),
    index('payouts_affiliate_idx').on(t.affiliateId, t.createdAt),
    // a batch's lines (the send) and the lines left processing by a crash (the recovery)
    index('payouts_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
    index('payouts_processing_idx').on(t.workspaceId).where(sql`${t.status} = 'processing'`),
    // transfer.reversed finds its line by the transfer id
    index('payouts_provider_ref_idx').on(t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);

// One run of POST /v1/payouts: its lines are sent through their rails together, once.
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: id(),
    workspaceId: workspaceRef(),
    state: text('state', { enum: PAYOUT_BATCH_STATES }).notNull().default('open'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    // who confirmed the send (the audit actor's label)
    sentBy: text('sent_by'),
  },
  (t) => [index('payout_batches_workspace_idx').on(t.workspaceId, t.createdAt)],
);

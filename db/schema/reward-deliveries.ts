import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ts, updatedAt, workspaceRef } from './columns';
import { REWARD_DELIVERIES, REWARD_DELIVERY_STATES, REWARD_DELIVERY_TARGETS } from '../../server/model/enums';

// Rewards delivered in the merchant's billing system (docs/rewards-in-billing.md): one row per
// commission whose rule delivers as account credit or free months, written by the delivery job
// (never by the sale), with the provider's object and what was taken back.
export const rewardDeliveries = pgTable(
  'reward_deliveries',
  {
    id: id(),
    workspaceId: workspaceRef(),
    // Unique: a commission is delivered once, however many jobs race for it.
    commissionId: uuid('commission_id').notNull(),
    kind: text('kind', { enum: REWARD_DELIVERIES }).notNull(),
    target: text('target', { enum: REWARD_DELIVERY_TARGETS }).notNull(),
    // null until resolved from the sale (or the affiliate's billing customer)
    provider: text('provider'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    // account_credit: minor units of currency; free_months: months
    amount: money('amount'),
    currency: text('currency'),
    months: integer('months'),
    state: text('state', { enum: REWARD_DELIVERY_STATES }).notNull().default('pending'),
    // the balance transaction (cbtxn_), coupon (Stripe) or discount (dsc_, Paddle) made
    providerObjectId: text('provider_object_id'),
    // the credit taken back at the provider, and what could not be because it was already used
    reversedAmount: money('reversed_amount').notNull().default(0),
    shortfall: money('shortfall').notNull().default(0),
    reversedAt: ts('reversed_at'),
    attempts: integer('attempts').notNull().default(0),
    // the last failure in our words (ProviderApiError's message: never the provider's, which can quote the key)
    error: text('error'),
    // due time of the next try while pending or failed; a lease while one process works on it
    nextAttemptAt: ts('next_attempt_at'),
    // the commission's hold: a refund or dispute inside it takes the reward back
    holdUntil: ts('hold_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reward_deliveries_commission_uq').on(t.commissionId),
    // the job's due tries (pending, failed) and delivered rewards still in their hold, per workspace
    index('reward_deliveries_due_idx').on(t.workspaceId, t.nextAttemptAt).where(sql`${t.state} in ('pending', 'failed')`),
    index('reward_deliveries_held_idx').on(t.workspaceId, t.holdUntil).where(sql`${t.state} = 'delivered'`),
  ],
);

// An affiliate that is itself a customer of the merchant, per provider: rewards with target
// `affiliate` are delivered to this customer (set by a manager).
export const affiliateBillingCustomers = pgTable(
  'affiliate_billing_customers',
  {
    id: id(),
    workspaceId: workspaceRef(),
    affiliateId: uuid('affiliate_id').notNull(),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('affiliate_billing_customers_uq').on(t.workspaceId, t.affiliateId, t.provider)],
);

// How far the delivery job has read a workspace's commissions, in commissions_workspace_created_idx
// order (server/integrations/rewards/deliveries.ts): it reads only what was written since.
export const rewardDeliveryScans = pgTable('reward_delivery_scans', {
  workspaceId: uuid('workspace_id').primaryKey(),
  scannedTo: ts('scanned_to').notNull(),
  scannedId: uuid('scanned_id').notNull(),
});

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ts, updatedAt, workspaceRef } from './columns';
import { AMOUNT_BASES, PROVIDER_EVENT_KINDS, PROVIDER_EVENT_STATUSES } from '../../server/model/enums';

// Payment providers (Stripe, Paddle) connected to a workspace: their events become conversions.
// `provider` is the folder name under server/integrations/ ('stripe', 'paddle').

export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    workspaceId: workspaceRef(),
    provider: text('provider').notNull(),
    // The provider's signing secret, AES-256-GCM sealed (server/integrations/secret-box.ts): a
    // signature is an HMAC keyed by it, so it must be readable, never only hashed.
    secretSealed: text('secret_sealed').notNull(),
    // The secret's last characters, so a manager can tell which one is set.
    secretHint: text('secret_hint').notNull(),
    // What a sale's amount is: what the customer paid, or that less tax.
    amountBasis: text('amount_basis', { enum: AMOUNT_BASES }).notNull().default('paid'),
    // An optional restricted API key, sealed like the signing secret (its own additional data,
    // so the two sealed values cannot be swapped): reads what events leave out, and backfills.
    apiKeySealed: text('api_key_sealed'),
    apiKeyHint: text('api_key_hint'),
    // A Stripe Connect platform's second endpoint (events on connected accounts) has a signing
    // secret of its own: sealed the same way, tried when the first does not verify.
    connectSecretSealed: text('connect_secret_sealed'),
    connectSecretHint: text('connect_secret_hint'),
    // PayPal (docs/paying-affiliates.md#paypal-payouts): its REST app's client id (not secret; the
    // client secret is what secret_sealed holds), the webhook's id that verify-webhook-signature
    // needs, and whether the app is live or sandbox. Null for providers that sign with a secret.
    clientId: text('client_id'),
    webhookId: text('webhook_id'),
    environment: text('environment', { enum: ['live', 'sandbox'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // the receiver's lookup of a workspace's provider
    uniqueIndex('integrations_workspace_provider_uq').on(t.workspaceId, t.provider),
  ],
);

// Every verified provider event, kept with what it did; the unique index is the idempotency.
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: id(),
    workspaceId: workspaceRef(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    livemode: boolean('livemode').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: PROVIDER_EVENT_STATUSES }).notNull().default('received'),
    // What the event did: conversion_created, refund_applied, customer_linked, … or why not.
    action: text('action'),
    detail: text('detail'),
    conversionId: uuid('conversion_id'),
    attempts: integer('attempts').notNull().default(0),
    // Due time of the next try while waiting; a lease while one process works on it.
    nextAttemptAt: ts('next_attempt_at'),
    receivedAt: createdAt(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    // a provider retries and reorders deliveries: one row per provider event id
    uniqueIndex('integration_events_uq').on(t.workspaceId, t.provider, t.eventId),
    // the dashboard's last 100 events and status counts
    index('integration_events_recent_idx').on(t.workspaceId, t.provider, t.receivedAt),
    // the retry job's sweep: the workspaces with events to try again (a skip scan), then each
    // one's due events; and the wake of a workspace's waiting events (finished ones add no entry)
    // the retention prune's oldest finished events (INTEGRATION_EVENT_RETENTION_DAYS)
    index('integration_events_prune_idx').on(t.receivedAt).where(sql`${t.nextAttemptAt} is null`),
    index('integration_events_due_idx')
      .on(t.workspaceId, t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

// A provider customer linked to a visitor or an affiliate code at checkout (or seen unreferred).
export const integrationCustomers = pgTable(
  'integration_customers',
  {
    id: id(),
    workspaceId: workspaceRef(),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    visitorId: text('visitor_id'),
    ref: text('ref'),
    manualCode: text('manual_code'),
    sourceEventId: text('source_event_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // invoices look up their customer's link; the first link wins
    uniqueIndex('integration_customers_uq').on(t.workspaceId, t.provider, t.customerId),
  ],
);

// One row per provider payment that could be a sale (an invoice, a one-time payment), attributed
// or not, so refunds and disputes know whether to wait for it or to ignore it.
export const integrationSales = pgTable(
  'integration_sales',
  {
    id: id(),
    workspaceId: workspaceRef(),
    provider: text('provider').notNull(),
    // The conversion's external_id: in_…, pi_…, txn_…
    saleRef: text('sale_ref').notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    billingReason: text('billing_reason'),
    paidAt: ts('paid_at').notNull(),
    // The conversion's amount and what the provider charged for it (refunds come in charge units).
    amount: money('amount').notNull(),
    chargedAmount: money('charged_amount').notNull(),
    conversionId: uuid('conversion_id'),
    // The provider's running refunded total, in charge units, as of refundsAsOf.
    refundedAmount: money('refunded_amount').notNull().default(0),
    refundsAsOf: ts('refunds_as_of'),
    // Refunds that failed after being counted: each is taken back once.
    revertedRefunds: text('reverted_refunds').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integration_sales_uq').on(t.workspaceId, t.provider, t.saleRef),
    // a renewal's earlier invoices of the same subscription
    index('integration_sales_subscription_idx').on(t.workspaceId, t.provider, t.subscriptionId, t.paidAt),
  ],
);

// Provider ids that point at something else: a charge or payment intent at its sale, a
// promotion code at its code text, a Paddle adjustment at its transaction (with amount, state).
export const integrationObjects = pgTable(
  'integration_objects',
  {
    id: id(),
    workspaceId: workspaceRef(),
    provider: text('provider').notNull(),
    objectId: text('object_id').notNull(),
    kind: text('kind', { enum: PROVIDER_EVENT_KINDS }).notNull(),
    target: text('target').notNull(),
    amount: money('amount'),
    state: text('state'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integration_objects_uq').on(t.workspaceId, t.provider, t.objectId),
    // a transaction's adjustments
    index('integration_objects_target_idx').on(t.workspaceId, t.provider, t.kind, t.target),
  ],
);

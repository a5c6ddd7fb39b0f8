import type { Customer, ICustomerNotificationResponse, ITransactionNotificationResponse, Transaction } from '@paddle/paddle-node-sdk';
import type { Db } from '@/db/client';
import { countOutcome, type BackfillCounts, type BackfillKind, type BackfillPage } from '../backfill-page';
import { integrationCtx, type Handler, type Integration } from '../provider';
import { paddleCall, paddleClient } from './api';
import { customerUpserted } from './customer-events';
import { transactionCompleted } from './transaction-completed';

// Paddle's backfill (docs/integrations/stripe.md "Paddle Billing"), one phase: the transactions
// completed (billed) since the date and before the backfill started, with the customers they
// name (include=customer), oldest first by id (Paddle's ids grow with time, and `after` pages
// only an id order), each customer through the live customer.created handler (linked by its
// custom_data or e-mail), each transaction through the live transaction.completed handler. The
// cursor is the last transaction read.

const PAGE = 100;

type Notified = ITransactionNotificationResponse;
type NotifiedPrice = NonNullable<Notified['items'][number]['price']>;
type NotifiedDetails = NonNullable<Notified['details']>;
type NotifiedLine = NotifiedDetails['line_items'][number];

/** The part of a transaction.completed notification's `data` that the live handler reads. */
export type NotifiedTransaction = Pick<Notified, 'id' | 'status' | 'customer_id' | 'subscription_id' | 'origin' | 'currency_code' | 'custom_data' | 'billed_at' | 'discount_id'> & {
  items: { price: Pick<NotifiedPrice, 'product_id' | 'billing_cycle'> | null }[];
  details: {
    totals: Pick<NonNullable<NotifiedDetails['totals']>, 'tax' | 'grand_total'> | null;
    line_items: { product: Pick<NonNullable<NotifiedLine['product']>, 'id'> | null; totals: Pick<NonNullable<NotifiedLine['totals']>, 'total'> | null }[];
  } | null;
};

/**
 * The SDK's camelCase entity in the notification's snake_case words, typed by both SDK types so
 * a shape drift on either side fails typecheck (the SDK gives list results only as entities).
 */
export function asNotified(t: Transaction): NotifiedTransaction {
  return {
    id: t.id,
    status: t.status,
    customer_id: t.customerId,
    subscription_id: t.subscriptionId,
    origin: t.origin,
    currency_code: t.currencyCode,
    custom_data: t.customData,
    billed_at: t.billedAt,
    discount_id: t.discountId,
    items: t.items.map((i) => ({ price: i.price ? { product_id: i.price.productId, billing_cycle: i.price.billingCycle } : null })),
    details: t.details && {
      totals: t.details.totals && { tax: t.details.totals.tax, grand_total: t.details.totals.grandTotal },
      line_items: t.details.lineItems.map((l) => ({ product: l.product && { id: l.product.id }, totals: l.totals && { total: l.totals.total } })),
    },
  };
}

/** The part of a customer.created notification's `data` that the live handler reads. */
export type NotifiedCustomer = Pick<ICustomerNotificationResponse, 'id' | 'email' | 'custom_data'>;

export const customerAsNotified = (c: Customer): NotifiedCustomer => ({ id: c.id, email: c.email, custom_data: c.customData });

/** Applies a past object through the live notification's handler, in its own transaction as a notification is. */
function applyPast(db: Db, integration: Integration, handler: Handler, type: string, id: string, at: string, object: object) {
  return db.transaction((tx) =>
    handler({
      ctx: integrationCtx(tx, integration.workspaceId, 'paddle'),
      integration,
      // Not a Paddle event id: the backfill's own, so customer links say where they came from.
      event: { id: `backfill:${id}`, type, livemode: true, occurredAt: new Date(at) },
      object,
      final: true,
    }),
  );
}

const page: BackfillPage = async ({ db, integration, key, backfill }) => {
  const paddle = paddleClient(key);
  const list = paddle.transactions.list({
    status: ['completed'],
    'billedAt[GTE]': backfill.since.toISOString(),
    'billedAt[LT]': backfill.createdAt.toISOString(),
    orderBy: 'id[ASC]',
    include: ['customer'],
    perPage: PAGE,
    after: backfill.cursor ?? undefined,
  });
  const transactions = await paddleCall('list transactions', () => list.next());
  const counts: Partial<BackfillCounts> = { transactions: transactions.length };
  const customers = new Map(transactions.flatMap((t) => (t.customer ? [[t.customer.id, t.customer] as const] : [])));
  counts.customers = customers.size;
  for (const t of transactions) {
    const c = t.customer && customers.get(t.customer.id);
    // Once per page: the first transaction naming a customer links it, before it is applied.
    if (c) {
      customers.delete(c.id);
      // linked (and a lead at its creation, as live) or left alone: already linked, no referral
      const linked = await applyPast(db, integration, customerUpserted, 'customer.created', c.id, c.createdAt, customerAsNotified(c));
      if (linked.status === 'applied') counts.linked = (counts.linked ?? 0) + 1;
    }
    countOutcome(counts, await applyPast(db, integration, transactionCompleted, 'transaction.completed', t.id, t.billedAt ?? t.createdAt, asNotified(t)));
  }
  const last = transactions[transactions.length - 1];
  return list.hasMore && last ? { phase: 'transactions', cursor: last.id, counts } : { phase: 'done', cursor: null, counts };
};

export const paddleBackfill: BackfillKind = { first: { phase: 'transactions', cursor: null }, page };

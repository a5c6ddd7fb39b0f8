import { customerLink, hasConversions, hasHints, linkCustomer, type Hints } from '../customers';
import { Waiting, type Handler } from '../provider';
import { recordProviderLead, recordProviderSale } from '../record-provider-sale';
import { hasEarlierSale } from '../payments-noted';
import { hintsOf } from './customer-events';
import { discountCode } from './resolve';
import { transactionSchema } from './schemas';
import { saleAmounts } from '../sale-amounts';

type Txn = ReturnType<typeof transactionSchema.parse>;

// The plan's line: the largest; its price's billing cycle is the interval.
function mainTerms(t: Txn) {
  const lines = t.details?.line_items ?? [];
  const main = lines.reduce<(typeof lines)[number] | null>((best, l) => (!best || (l.totals?.total ?? 0) > (best.totals?.total ?? 0) ? l : best), null);
  const productId = main?.product?.id ?? t.items[0]?.price?.product_id ?? null;
  const cycle = t.items.find((i) => i.price?.product_id === productId)?.price?.billing_cycle?.interval;
  const interval = !cycle ? 'one_time' : cycle === 'month' || cycle === 'year' ? cycle : null;
  return { productId, interval } as const;
}

/**
 * transaction.completed: a sale per transaction (external_id = txn id). Paddle.js checkout puts
 * the visitor in custom_data (refcount_visitor_id, or refcount_ref); the customer keeps its
 * affiliate on renewals, which wait for their subscription's earlier transactions. A checkout's
 * transaction of nothing (a free trial) is a lead at its time (external_id = the subscription's id,
 * as subscription.created's), so the first payment after the trial keeps the affiliate.
 */
export const transactionCompleted: Handler = async ({ ctx, integration, event, object, final }) => {
  const t = transactionSchema.parse(object);
  // A discount named after an affiliate's code counts as custom_data does (resolve.ts).
  const fromData: Hints = { ...hintsOf(t.custom_data), manualCode: await discountCode(ctx, integration, t.discount_id) };
  const customerId = t.customer_id ?? null;
  if (customerId && hasHints(fromData)) await linkCustomer(ctx, customerId, fromData, event.id);
  const link = customerId ? await customerLink(ctx, customerId) : undefined;
  const hints: Hints = hasHints(fromData) ? fromData : { visitorId: link?.visitorId, ref: link?.ref, manualCode: link?.manualCode };
  const paidAt = new Date(t.billed_at ?? event.occurredAt);
  const renewal = t.origin === 'subscription_recurring';
  if (!final && renewal && t.subscription_id && (hasHints(hints) || (customerId && (await hasConversions(ctx, customerId))))) {
    if (!(await hasEarlierSale(ctx, t.subscription_id, paidAt))) throw new Waiting(`an earlier completed transaction of ${t.subscription_id}`);
  }
  const totals = t.details?.totals;
  const total = totals?.grand_total ?? 0;
  const sale = recordProviderSale({ ctx, facts: {
    saleRef: t.id,
    customerId,
    subscriptionId: t.subscription_id ?? null,
    billingReason: t.origin,
    paidAt,
    ...saleAmounts({ paid: total, tax: totals ? totals.tax : null, fee: totals?.fee ?? null }, integration.amountBasis),
    currency: t.currency_code.toLowerCase(),
    ...mainTerms(t),
    livemode: event.livemode,
    hints,
  } });
  if (total > 0 || renewal || !customerId || !hasHints(hints)) return sale;
  // noted as a sale of nothing first: the subscription's renewals wait for an earlier transaction
  await sale;
  return recordProviderLead({ ctx, lead: { externalId: t.subscription_id ?? t.id, customerId, at: paidAt, livemode: event.livemode, hints } });
};

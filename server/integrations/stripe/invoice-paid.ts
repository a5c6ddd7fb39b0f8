import { customerLink, hasConversions, hasHints, hasImportedSale, type Hints } from '../customers';
import type { Handler } from '../provider';
import { Waiting } from '../provider';
import { recordProviderSale } from '../record-provider-sale';
import { hasEarlierSale, noteObject } from '../payments-noted';
import { mainLineTerms } from './line-terms';
import { invoicePromotionCode } from './resolve';
import { invoiceSchema, type InvoiceFields } from './schemas';
import { saleAmounts } from '../sale-amounts';

// Stripe Checkout completes its session in the same moment it pays a subscription's first invoice,
// so their events are created together: an hour covers any reordering of their deliveries. After
// it, or for an invoice Checkout never makes (sent for payment by e-mail), no checkout will come.
export const CHECKOUT_WAIT_MS = 3600_000;

const hintsOf = (meta: Record<string, string>): Hints => ({ visitorId: meta.refcount_visitor_id, ref: meta.refcount_ref });

/**
 * The tax in an invoice's total: total less total_excluding_tax (every API version since 2022),
 * else the sum of total_taxes (2025-03-31 on) or `tax` (older); null when it says none of these.
 */
function taxOf(inv: InvoiceFields): number | null {
  if (inv.total_excluding_tax !== null && inv.total_excluding_tax !== undefined) return inv.total - inv.total_excluding_tax;
  if (inv.total_taxes) return inv.total_taxes.reduce((sum, t) => sum + t.amount, 0);
  return inv.tax ?? null;
}

/** The invoice's payment ids (older payloads name them; newer ones list payments when included). */
const paymentIdsOf = (inv: InvoiceFields) =>
  [inv.payment_intent, inv.charge, ...(inv.payments?.data ?? []).flatMap((p) => [p.payment.payment_intent, p.payment.charge])].filter(
    (id): id is string => !!id,
  );

/**
 * invoice.paid: a sale per invoice (external_id = invoice id) for the customer linked at checkout;
 * renewals keep the customer's affiliate, and their paid time orders period_index and the
 * months of limited rules. Waits (never drops) when Stripe delivered it before what it needs:
 * a subscription's first invoice before its checkout (only while one can still come:
 * CHECKOUT_WAIT_MS), a renewal of a referred customer before the subscription's earlier invoices.
 * Any other invoice of a customer without a link is decided at once.
 */
export const invoicePaid: Handler = async ({ ctx, integration, event, object, final }) => {
  const inv = invoiceSchema.parse(object);
  const subscriptionId = inv.parent?.subscription_details?.subscription ?? inv.subscription ?? null;
  const meta = { ...inv.subscription_details?.metadata, ...inv.parent?.subscription_details?.metadata, ...inv.metadata };
  const paidAt = new Date((inv.status_transitions?.paid_at ?? event.occurredAt.getTime() / 1000) * 1000);
  const customerId = inv.customer;
  const link = customerId ? await customerLink(ctx, customerId) : undefined;
  const fromMeta = hintsOf(meta);
  const hints: Hints = hasHints(fromMeta) ? fromMeta : { visitorId: link?.visitorId, ref: link?.ref, manualCode: link?.manualCode };
  const checkoutBy = event.occurredAt.getTime() + CHECKOUT_WAIT_MS;
  const checkoutMayCome = inv.billing_reason === 'subscription_create' && inv.collection_method !== 'send_invoice' && Date.now() < checkoutBy;
  if (!final && customerId && !hasHints(hints) && !link && checkoutMayCome && !(await hasConversions(ctx, customerId))) {
    const by = new Date(checkoutBy).toISOString().slice(0, 16).replace('T', ' ');
    throw new Waiting(`checkout.session.completed of customer ${customerId}: Stripe sends it with a subscription's first invoice; decided without it at ${by} UTC`, new Date(checkoutBy));
  }
  if (!final && subscriptionId && inv.billing_reason === 'subscription_cycle' && (hasHints(hints) || (customerId && (await hasConversions(ctx, customerId))))) {
    const earlier = (await hasEarlierSale(ctx, subscriptionId, paidAt)) || (customerId && (await hasImportedSale(ctx, customerId, paidAt)));
    if (!earlier) throw new Waiting(`an earlier paid invoice of ${subscriptionId}`);
  }
  // No code from the checkout (a subscription made without one): the promotion code the invoice was
  // discounted by, weighed against the hints as attribution's precedence says. A customer already
  // attributed keeps its affiliate whatever the code, so its renewals ask nothing.
  const discounts = [...(inv.discounts ?? []), ...inv.lines.data.flatMap((l) => l.discounts ?? [])];
  const withCode: Hints =
    hints.manualCode || !discounts.length || (customerId && (await hasConversions(ctx, customerId)))
      ? hints
      : { ...hints, manualCode: await invoicePromotionCode(ctx, integration, inv.id, discounts) };
  for (const id of paymentIdsOf(inv)) await noteObject(ctx, { objectId: id, kind: 'payment', target: inv.id });
  return recordProviderSale({ ctx, facts: {
    saleRef: inv.id,
    customerId,
    subscriptionId,
    billingReason: inv.billing_reason ?? null,
    paidAt,
    // Stripe's fee is on the charge's balance transaction, not in the event: not reported (docs/commissions.md#revenue-basis)
    ...saleAmounts({ paid: inv.amount_paid, tax: taxOf(inv), fee: null }, integration.amountBasis),
    currency: inv.currency,
    ...mainLineTerms(inv, subscriptionId),
    livemode: inv.livemode,
    hints: withCode,
    connectedAccount: event.account,
  } });
};

import { customerLink, hasConversions, hasHints, type Hints } from '../customers';
import type { Handler } from '../provider';
import { Waiting } from '../provider';
import { recordProviderSale } from '../record-sale';
import { hasEarlierSale, recordObject } from '../sales';
import { mainLineTerms } from './line-terms';
import { invoiceSchema, type InvoiceFields } from './schemas';

const hintsOf = (meta: Record<string, string>): Hints => ({ visitorId: meta.refcount_visitor_id, ref: meta.refcount_ref });

function amountOf(inv: InvoiceFields, basis: 'paid' | 'paid_excluding_tax'): number {
  if (basis === 'paid') return inv.amount_paid;
  const tax = inv.total - (inv.total_excluding_tax ?? inv.total);
  return Math.max(0, inv.amount_paid - tax);
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
 * a subscription's first invoice before its checkout, a renewal of a referred customer before
 * the subscription's earlier invoices.
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
  if (!final && customerId && !hasHints(hints)) {
    if (!link && inv.billing_reason === 'subscription_create' && !(await hasConversions(ctx, customerId))) {
      throw new Waiting(`checkout.session.completed of customer ${customerId}`);
    }
  }
  if (!final && subscriptionId && inv.billing_reason === 'subscription_cycle' && (hasHints(hints) || (customerId && (await hasConversions(ctx, customerId))))) {
    if (!(await hasEarlierSale(ctx, subscriptionId, paidAt))) throw new Waiting(`an earlier paid invoice of ${subscriptionId}`);
  }
  for (const id of paymentIdsOf(inv)) await recordObject(ctx, { objectId: id, kind: 'payment', target: inv.id });
  return recordProviderSale({ ctx, facts: {
    saleRef: inv.id,
    customerId,
    subscriptionId,
    billingReason: inv.billing_reason ?? null,
    paidAt,
    amount: amountOf(inv, integration.amountBasis),
    chargedAmount: inv.amount_paid,
    currency: inv.currency,
    ...mainLineTerms(inv, subscriptionId),
    livemode: inv.livemode,
    hints,
    connectedAccount: event.account,
  } });
};

import { hasHints, linkCustomer, type Hints } from '../customers';
import { applied, ignored, type Handler, type HandlerInput } from '../provider';
import { recordProviderLead, recordProviderSale } from '../record-provider-sale';
import { objectsOf } from '../payments-noted';
import { checkoutProductId, promotionCodeText } from './resolve';
import { checkoutSessionSchema } from './schemas';
import { saleAmounts } from '../sale-amounts';

type Session = ReturnType<typeof checkoutSessionSchema.parse>;

// A promotion code is named by id in the session; its text (an affiliate's code) was learnt from
// promotion_code.created|updated, comes expanded, or is read with the API key (resolve.ts).
async function promotionCodeOf({ ctx, integration }: HandlerInput, session: Session): Promise<string | null> {
  for (const d of session.discounts ?? []) {
    const p = d.promotion_code;
    if (p && typeof p === 'object') return p.code;
    if (p) {
      const [known] = await objectsOf(ctx, 'promotion_code', { ids: [p] });
      if (known) return known.target;
      const text = await promotionCodeText(ctx, integration, p);
      if (text) return text;
    }
  }
  return null;
}

/**
 * checkout.session.completed (and .async_payment_succeeded): links the Stripe customer to the
 * visitor refcount.js put in client_reference_id (or metadata.refcount_visitor_id), or to an
 * affiliate by metadata.refcount_ref or a promotion code; a customer with none of these is
 * noted as unreferred, so its first invoice stops waiting. A paid `payment`-mode session without
 * an invoice is itself the sale (external_id = its payment intent); otherwise invoice.paid is.
 * A session that took no payment yet (a free trial, an async payment method) is a lead at the
 * checkout's time (external_id = the session id): the customer is then the affiliate's for every
 * later invoice, however long the trial (docs/integrations/stripe.md#trials).
 */
export const checkoutCompleted: Handler = async (input) => {
  const { ctx, integration, event, object } = input;
  const s = checkoutSessionSchema.parse(object);
  const hints: Hints = {
    visitorId: s.client_reference_id || s.metadata.refcount_visitor_id || null,
    ref: s.metadata.refcount_ref || null,
    manualCode: await promotionCodeOf(input, s),
  };
  if (s.customer) await linkCustomer(ctx, s.customer, hints, event.id);
  if (s.mode === 'payment' && s.payment_status === 'paid' && !s.invoice) {
    const payment = { paid: s.amount_total ?? 0, tax: s.total_details?.amount_tax ?? null, fee: null };
    return recordProviderSale({ ctx, facts: {
      saleRef: s.payment_intent ?? s.id,
      customerId: s.customer,
      subscriptionId: null,
      billingReason: 'checkout',
      paidAt: new Date(event.occurredAt),
      ...saleAmounts(payment, integration.amountBasis),
      currency: s.currency ?? 'usd',
      // Line items are not part of the event: read with the API key when set (resolve.ts), else
      // a one-time checkout sale earns by interval and catch-all rules.
      productId: await checkoutProductId(ctx, integration, s.id),
      interval: 'one_time',
      livemode: s.livemode,
      hints,
      connectedAccount: event.account,
    } });
  }
  if (!hasHints(hints)) return ignored('no_referral', `checkout carried no visitor id, ref or promotion code${s.customer ? `; ${s.customer} noted as not referred` : ''}`);
  if (!s.customer) return ignored('no_customer', 'no Stripe customer to link and no payment to record');
  if (s.payment_status !== 'paid') {
    return recordProviderLead({ ctx, lead: { externalId: s.id, customerId: s.customer, at: new Date(event.occurredAt), livemode: s.livemode, hints, connectedAccount: event.account } });
  }
  const via = hints.visitorId ? `visitor ${hints.visitorId}` : hints.ref ? `ref ${hints.ref}` : `code ${hints.manualCode}`;
  return applied('customer_linked', `${s.customer} linked to ${via}`);
};

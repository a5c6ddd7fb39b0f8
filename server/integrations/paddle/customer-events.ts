import { hasHints, linkCustomer, type Hints } from '../customers';
import { linkProviderCustomer } from '../link-customer';
import { applied, ignored, type Handler } from '../provider';
import { recordProviderLead } from '../record-sale';
import { customerSchema, subscriptionSchema } from './schemas';

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
/** What Paddle.js checkout (or the merchant's API call) put in custom_data. */
export const hintsOf = (data: Record<string, unknown>): Hints => ({ visitorId: text(data.refcount_visitor_id), ref: text(data.refcount_ref) });

/**
 * customer.created|updated: a customer with custom_data.refcount_ref or refcount_visitor_id is
 * linked (a lead at that time), else by its e-mail to a lead's affiliate, as Stripe's
 * (docs/integrations/stripe.md#paddle-billing).
 */
export const customerUpserted: Handler = async ({ ctx, event, object }) => {
  const c = customerSchema.parse(object);
  return linkProviderCustomer({
    ctx,
    customer: { customerId: c.id, email: c.email, hints: hintsOf(c.custom_data), livemode: event.livemode, at: event.occurredAt, sourceEventId: event.id },
  });
};

/**
 * subscription.created: custom_data links the customer; a subscription that starts with a free
 * trial (`trialing`) is a lead now (external_id = the subscription id), so its first payment,
 * however much later, keeps the affiliate (docs/integrations/stripe.md#trials).
 */
export const subscriptionCreated: Handler = async ({ ctx, event, object }) => {
  const s = subscriptionSchema.parse(object);
  const hints = hintsOf(s.custom_data);
  if (!hasHints(hints)) return ignored('no_referral', `${s.id} carries no refcount_visitor_id or refcount_ref in custom_data`);
  // the first link wins: the lead follows the customer's link
  const link = await linkCustomer(ctx, s.customer_id, hints, event.id);
  if (s.status !== 'trialing') return applied('customer_linked', `${s.customer_id} linked; its transactions are the sales`);
  return recordProviderLead({ ctx, lead: { externalId: s.id, customerId: s.customer_id, at: event.occurredAt, livemode: event.livemode, hints: link } });
};

import { linkProviderCustomer } from '../link-customer';
import type { Handler } from '../provider';
import { customerSchema } from './schemas';

/**
 * customer.created|updated: a customer made outside Checkout (by the merchant's server, the
 * Billing portal, an invoice) is linked by metadata.refcount_ref or refcount_visitor_id, or by
 * its e-mail to a lead's affiliate (docs/integrations/stripe.md#customers-without-checkout).
 */
export const customerUpserted: Handler = async ({ ctx, event, object }) => {
  const c = customerSchema.parse(object);
  return linkProviderCustomer({
    ctx,
    customer: {
      customerId: c.id,
      email: c.email,
      hints: { visitorId: c.metadata.refcount_visitor_id || null, ref: c.metadata.refcount_ref || null },
      livemode: c.livemode,
      at: event.occurredAt,
      sourceEventId: event.id,
      connectedAccount: event.account,
    },
  });
};

import type Stripe from 'stripe';
import { NOW, sid } from './ids';

// A discount as Stripe keeps it on a subscription made with a promotion code (see README.md: the
// type checker holds it to Stripe's shape). Invoices name it by id; it is read only expanded.
export function discount(o: { promotionCode: string | null; customer: string; subscription?: string | null; id?: string }): Stripe.Discount {
  return {
    id: o.id ?? sid('di'),
    object: 'discount',
    checkout_session: null,
    customer: o.customer,
    customer_account: null,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code: o.promotionCode,
    source: { coupon: sid('coupon'), type: 'coupon' },
    start: NOW,
    subscription: o.subscription ?? null,
    subscription_item: null,
  };
}

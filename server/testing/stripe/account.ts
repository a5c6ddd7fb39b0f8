import type Stripe from 'stripe';
import { NOW, sid } from './ids';

// Objects the merchant's account answers through the API (the local fake, fake-api.ts), built
// complete from the `stripe` package's own types like objects.ts, so a shape drift fails
// typecheck: customers (with a discount) and a Checkout Session's line items.

export function customer(o: { id?: string; created?: number; metadata?: Record<string, string>; promotionCode?: string | null; livemode?: boolean }): Stripe.Customer {
  const id = o.id ?? sid('cus');
  const created = o.created ?? NOW;
  return {
    id,
    object: 'customer',
    address: null,
    balance: 0,
    created,
    currency: 'usd',
    default_source: null,
    delinquent: false,
    description: null,
    discount: o.promotionCode
      ? {
          id: sid('di'),
          object: 'discount',
          checkout_session: null,
          customer: id,
          customer_account: null,
          end: null,
          invoice: null,
          invoice_item: null,
          promotion_code: o.promotionCode,
          source: { coupon: sid('coupon'), type: 'coupon' },
          start: created,
          subscription: null,
          subscription_item: null,
        }
      : null,
    email: 'jenny.rosen@example.com',
    invoice_prefix: id.slice(-8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: o.livemode ?? true,
    metadata: o.metadata ?? {},
    name: 'Jenny Rosen',
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function checkoutLineItem(o: { product: string; amount: number; livemode?: boolean }): Stripe.LineItem {
  return {
    id: sid('li'),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: o.amount,
    amount_tax: 0,
    amount_total: o.amount,
    currency: 'usd',
    description: 'Lifetime licence',
    metadata: {},
    price: {
      id: sid('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: NOW,
      currency: 'usd',
      custom_unit_amount: null,
      livemode: o.livemode ?? true,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: o.product,
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: o.amount,
      unit_amount_decimal: null,
    },
    quantity: 1,
  };
}

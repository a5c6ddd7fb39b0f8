import type Stripe from 'stripe';
import { NOW, sid } from './ids';

// A complete Stripe.Customer (see README.md), as customer.created|updated carry it.
export function customer(o: { id?: string; email?: string | null; metadata?: Record<string, string>; livemode?: boolean; created?: number } = {}): Stripe.Customer {
  return {
    id: o.id ?? sid('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: o.created ?? NOW,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: o.email === undefined ? 'jenny.rosen@example.com' : o.email,
    invoice_prefix: 'ACME0001',
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

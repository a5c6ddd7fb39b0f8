import type Stripe from 'stripe';
import { NOW, sid } from './ids';

// Complete Stripe payment-side objects (see README.md): charges, refunds, disputes, products and
// promotion codes, held to Stripe's shapes by the type checker.

export function charge(o: { id?: string; paymentIntent: string | null; customer: string; amount: number; amountRefunded?: number; created?: number; livemode?: boolean }): Stripe.Charge {
  const refunded = o.amountRefunded ?? 0;
  return {
    id: o.id ?? sid('ch'),
    object: 'charge',
    amount: o.amount,
    amount_captured: o.amount,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: sid('txn'),
    billing_details: { address: { city: null, country: 'US', line1: null, line2: null, postal_code: '94107', state: null }, email: 'jenny.rosen@example.com', name: 'Jenny Rosen', phone: null, tax_id: null },
    calculated_statement_descriptor: 'ACME SOFTWARE',
    captured: true,
    created: o.created ?? NOW,
    currency: 'usd',
    customer: o.customer,
    description: 'Subscription update',
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: o.livemode ?? true,
    metadata: {},
    on_behalf_of: null,
    outcome: { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 32, seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: o.paymentIntent,
    payment_method: sid('pm'),
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: refunded >= o.amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function refund(o: { charge: string; paymentIntent: string | null; amount: number; status: string; created?: number }): Stripe.Refund {
  return {
    id: sid('re'),
    object: 'refund',
    amount: o.amount,
    balance_transaction: sid('txn'),
    charge: o.charge,
    created: o.created ?? NOW,
    currency: 'usd',
    customer: null,
    customer_account: null,
    metadata: {},
    payment_intent: o.paymentIntent,
    payment_method: null,
    reason: 'requested_by_customer',
    receipt_number: null,
    source_transfer_reversal: null,
    status: o.status,
    transfer_reversal: null,
  };
}

export function dispute(o: { charge: string; paymentIntent: string | null; amount: number; status: Stripe.Dispute.Status; id?: string; livemode?: boolean }): Stripe.Dispute {
  return {
    id: o.id ?? sid('dp'),
    object: 'dispute',
    amount: o.amount,
    balance_transactions: [],
    charge: o.charge,
    created: NOW,
    currency: 'usd',
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null, billing_address: null, cancellation_policy: null, cancellation_policy_disclosure: null, cancellation_rebuttal: null,
      customer_communication: null, customer_email_address: null, customer_name: null, customer_purchase_ip: null, customer_signature: null,
      duplicate_charge_documentation: null, duplicate_charge_explanation: null, duplicate_charge_id: null, enhanced_evidence: {},
      product_description: null, receipt: null, refund_policy: null, refund_policy_disclosure: null, refund_refusal_explanation: null,
      service_date: null, service_documentation: null, shipping_address: null, shipping_carrier: null, shipping_date: null,
      shipping_documentation: null, shipping_tracking_number: null, uncategorized_file: null, uncategorized_text: null,
    },
    evidence_details: { due_by: NOW + 14 * 86_400, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0, submission_method: 'not_submitted' },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: o.livemode ?? true,
    metadata: {},
    payment_intent: o.paymentIntent,
    reason: 'fraudulent',
    status: o.status,
  };
}

export function product(o: { id?: string; name: string; livemode?: boolean }): Stripe.Product {
  return {
    id: o.id ?? sid('prod'),
    object: 'product',
    active: true,
    created: NOW,
    default_price: null,
    description: null,
    images: [],
    livemode: o.livemode ?? true,
    marketing_features: [],
    metadata: {},
    name: o.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: NOW,
    url: null,
  };
}

export function promotionCode(o: { code: string; id?: string }): Stripe.PromotionCode {
  return {
    id: o.id ?? sid('promo'),
    object: 'promotion_code',
    active: true,
    code: o.code,
    created: NOW,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: true,
    max_redemptions: null,
    metadata: {},
    promotion: { coupon: sid('coupon'), type: 'coupon' },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  };
}

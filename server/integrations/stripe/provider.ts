import Stripe from 'stripe';
import { accountUpdated } from './account-updated';
import type { PaymentProvider } from '../provider';
import { productRemoved, productUpserted, promotionCodeUpserted } from './catalog-events';
import { checkoutCompleted } from './checkout-completed';
import { customerUpserted } from './customer-events';
import { disputeClosed, disputeCreated } from './disputes';
import { invoicePaid } from './invoice-paid';
import { invoicePaymentPaid } from './payments';
import { chargeRefunded, refundUpdated } from './refunds';
import { envelopeSchema } from './schemas';
import { transferReversed } from './transfers';

// Every event Refcount acts on, in the order the setup page lists them, with its effect.
const EVENTS = [
  { type: 'checkout.session.completed', effect: 'Links the customer to the visitor (client_reference_id from refcount.js, or metadata.refcount_visitor_id), or to an affiliate by metadata.refcount_ref or a promotion code. A paid one-time (payment mode) session without an invoice is a sale; one that took no payment (a free trial) is a lead, so the customer keeps the affiliate however long the trial.' },
  { type: 'checkout.session.async_payment_succeeded', effect: 'The same, for a delayed payment method that has now paid.' },
  { type: 'customer.created', effect: 'A customer made outside Checkout: metadata.refcount_ref or refcount_visitor_id links it (a lead at that time); without them, its e-mail links it to the affiliate of the lead recorded with that e-mail (a workspace setting).' },
  { type: 'customer.updated', effect: 'The same, for metadata or an e-mail added later; a customer linked already keeps its affiliate.' },
  { type: 'invoice.paid', effect: 'A sale per invoice (external_id = invoice id): the linked customer keeps its affiliate on renewals; product and interval from the main line; period_index and limited rules follow the paid dates.' },
  { type: 'invoice_payment.paid', effect: 'Notes which payment intent and charge paid an invoice, so its refunds and disputes find the sale.' },
  { type: 'charge.refunded', effect: "A refund with Stripe's running amount_refunded: commissions shrink pro rata; a full refund reverses them (a clawback when already paid)." },
  { type: 'refund.updated', effect: 'A failed or canceled refund gives its amount back (a fully refunded sale is restored).' },
  { type: 'charge.dispute.created', effect: 'A chargeback: the commissions are clawed back. Inquiries are ignored.' },
  { type: 'charge.dispute.closed', effect: 'Won: the sale and its commissions are restored. Lost: the chargeback stands.' },
  { type: 'product.created', effect: 'Adds the product (prod_ id and name) to the catalog.' },
  { type: 'product.updated', effect: 'Renames the catalog product.' },
  { type: 'product.deleted', effect: 'Nothing: the catalog keeps products that rules and past sales refer to.' },
  { type: 'promotion_code.created', effect: "Remembers the code's text, so a checkout with an affiliate's code is attributed to that affiliate." },
  { type: 'promotion_code.updated', effect: 'The same, for a changed code.' },
  { type: 'account.updated', effect: "Connect endpoint: an affiliate's Express account moved; its payout method becomes ready (payouts and transfers enabled) or restricted with Stripe's reason." },
  { type: 'transfer.reversed', effect: 'A payout sent through Stripe Connect whose transfer was fully reversed becomes returned; its commissions are approved and unpaid again (docs/paying-affiliates.md).' },
] as const;

const header = 'stripe-signature';

export const stripe: PaymentProvider = {
  name: 'stripe',
  label: 'Stripe',
  signatureHeader: 'Stripe-Signature',
  connectSecret: { where: "Stripe Dashboard → Developers → Webhooks → your Connect endpoint (events on connected accounts) → Signing secret" },
  secret: { pattern: /^whsec_[A-Za-z0-9+/=_-]{16,200}$/, example: 'whsec_…', where: "Stripe Dashboard → Developers → Webhooks → your endpoint → Signing secret" },
  // The official library's check: HMAC-SHA256 over the raw bytes, and the default tolerance
  // (300 s) on the signed timestamp against replays. It throws on a mismatch.
  verify: async (raw, get, secret) => {
    if (!Stripe.webhooks.signature?.verifyHeader(raw, get(header) ?? '', secret)) throw new Error('invalid signature');
  },
  envelope: (payload) => {
    const e = envelopeSchema.parse(payload);
    return { id: e.id, type: e.type, livemode: e.livemode, occurredAt: new Date(e.created * 1000), account: e.account ?? null, object: e.data.object };
  },
  envelopeKeys: { id: 'id', type: 'type' },
  handlers: {
    'checkout.session.completed': checkoutCompleted,
    'checkout.session.async_payment_succeeded': checkoutCompleted,
    'customer.created': customerUpserted,
    'customer.updated': customerUpserted,
    'invoice.paid': invoicePaid,
    'invoice_payment.paid': invoicePaymentPaid,
    'charge.refunded': chargeRefunded,
    'refund.updated': refundUpdated,
    'charge.dispute.created': disputeCreated,
    'charge.dispute.closed': disputeClosed,
    'product.created': productUpserted,
    'product.updated': productUpserted,
    'product.deleted': productRemoved,
    'promotion_code.created': promotionCodeUpserted,
    'promotion_code.updated': promotionCodeUpserted,
    'account.updated': accountUpdated,
    'transfer.reversed': transferReversed,
  },
  events: EVENTS,
};

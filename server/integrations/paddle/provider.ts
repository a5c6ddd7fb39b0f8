import { NodeRuntime, Webhooks } from '@paddle/paddle-node-sdk';
import { productUpserted } from './catalog-events';
import type { PaymentProvider } from '../provider';
import { adjustmentChanged } from './adjustment';
import { customerUpserted, subscriptionCreated } from './customer-events';
import { envelopeSchema } from './schemas';
import { transactionCompleted } from './transaction-completed';

const EVENTS = [
  { type: 'transaction.completed', effect: 'A sale per transaction (external_id = txn id), attributed by custom_data.refcount_visitor_id or refcount_ref from Paddle.js checkout; renewals keep the customer\'s affiliate. A checkout transaction of nothing (a free trial) is a lead.' },
  { type: 'subscription.created', effect: 'custom_data.refcount_visitor_id or refcount_ref links the customer; a subscription that starts with a free trial is a lead, so its first payment keeps the affiliate however long the trial.' },
  { type: 'customer.created', effect: 'A customer with custom_data.refcount_ref or refcount_visitor_id is linked (a lead at that time); without them, its e-mail links it to the affiliate of the lead recorded with that e-mail (a workspace setting).' },
  { type: 'customer.updated', effect: 'The same, for custom_data or an e-mail added later; a customer linked already keeps its affiliate.' },
  { type: 'adjustment.created', effect: 'An approved refund lowers the commissions pro rata (a clawback when paid); an approved chargeback claws them back; a chargeback reversal restores them.' },
  { type: 'adjustment.updated', effect: 'The same when an adjustment is approved later; a refund rejected or reversed after approval gives its amount back.' },
  { type: 'product.created', effect: 'Adds the product (pro_ id and name) to the catalog.' },
  { type: 'product.updated', effect: 'Renames the catalog product.' },
] as const;

// The SDK's check needs its Node runtime (crypto) registered; no API key is involved.
NodeRuntime.initialize();
const webhooks = new Webhooks();

export const paddle: PaymentProvider = {
  name: 'paddle',
  label: 'Paddle',
  signatureHeader: 'Paddle-Signature',
  secret: { pattern: /^pdl_ntfset_[A-Za-z0-9_]{10,200}$/, example: 'pdl_ntfset_…', where: 'Paddle → Developer tools → Notifications → your destination → Secret key' },
  // The official SDK: HMAC-SHA256 of "ts:body", and its own 5-second window on ts.
  verify: async (raw, get, secret) => {
    if (!(await webhooks.isSignatureValid(raw.toString('utf8'), secret, get('paddle-signature') ?? ''))) throw new Error('invalid signature');
  },
  envelope: (payload) => {
    const e = envelopeSchema.parse(payload);
    // Paddle's payloads name no environment: a sandbox is connected as its own workspace.
    return { id: e.event_id, type: e.event_type, livemode: true, occurredAt: new Date(e.occurred_at), object: e.data };
  },
  envelopeKeys: { id: 'event_id', type: 'event_type' },
  handlers: {
    'transaction.completed': transactionCompleted,
    'subscription.created': subscriptionCreated,
    'customer.created': customerUpserted,
    'customer.updated': customerUpserted,
    'adjustment.created': adjustmentChanged,
    'adjustment.updated': adjustmentChanged,
    'product.created': productUpserted,
    'product.updated': productUpserted,
  },
  events: EVENTS,
};

import type { PaymentProvider } from '../provider';
import { PaypalApiError, paypalApi } from './api';
import { payoutItemEvent } from './item-events';
import { envelopeSchema } from './schemas';

// PayPal as a provider of events (docs/paying-affiliates.md#paypal-payouts): only its payout
// items' events, which say how each line of a batch sent through PayPal Payouts ended.

const EVENTS = [
  { type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', effect: 'The line is paid; its commissions are paid.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.FAILED', effect: 'The line fails with the reason; its commissions are approved and unpaid again, for the next batch.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.BLOCKED', effect: 'The same as failed.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.DENIED', effect: 'The same as failed.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.CANCELED', effect: 'An unclaimed item canceled: the same as failed.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.RETURNED', effect: 'Unclaimed for 30 days: the line is returned; its commissions are approved and unpaid again.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.REFUNDED', effect: 'The receiver refunded it: the line is returned; its commissions are approved and unpaid again.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.REVERSED', effect: 'PayPal reversed it: the line is returned; its commissions are approved and unpaid again.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED', effect: 'Nothing yet: the receiver has 30 days to claim it; the line stays processing.' },
  { type: 'PAYMENT.PAYOUTS-ITEM.HELD', effect: 'Nothing yet: PayPal holds it for review; the line stays processing.' },
] as const;

// The headers PayPal signs a delivery with, as verify-webhook-signature takes them.
const HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

// A verification waits this long for PayPal; longer, the delivery is refused and PayPal sends it again.
const VERIFY_TIMEOUT_MS = 10_000;

export const paypal: PaymentProvider = {
  name: 'paypal',
  label: 'PayPal',
  signatureHeader: 'PAYPAL-TRANSMISSION-SIG',
  secret: { pattern: /^[A-Za-z0-9_-]{20,200}$/, example: "your REST app's Secret (EL…)", where: 'PayPal Developer Dashboard → Apps & Credentials → your REST app → Secret' },
  clientCredentials: {
    where: 'PayPal Developer Dashboard → Apps & Credentials → your REST app: its Client ID, and the Webhook ID of the webhook you add to it (Live or Sandbox)',
    check: async (c) => {
      try {
        await paypalApi(c, { timeoutMs: VERIFY_TIMEOUT_MS }).checkCredentials();
        return null;
      } catch (err) {
        if (!(err instanceof PaypalApiError)) throw err;
        return err.status === 401 ? `PayPal refused this client id and secret (${c.environment}): check both, and Live or Sandbox` : `PayPal could not check the credentials now (${err.status || 'no answer'}): try again`;
      }
    },
  },
  // PayPal's official check: its API compares the signature of these headers and the event with
  // the webhook's (verify-webhook-signature). A FAILURE, or no answer, refuses the delivery; PayPal
  // delivers it again later.
  verify: async (raw, get, secret, integration) => {
    if (!integration.clientId || !integration.webhookId) throw new Error('PayPal credentials incomplete');
    const text = raw.toString('utf8');
    // One JSON object, so embedding its text in the request cannot add fields to it.
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an event');
    const fields = Object.fromEntries(Object.entries(HEADERS).map(([k, h]) => [k, get(h) ?? ''])) as Record<keyof typeof HEADERS, string>;
    if (Object.values(fields).some((v) => !v || v.length > 2048)) throw new Error('missing signature headers');
    const api = paypalApi({ clientId: integration.clientId, secret, environment: integration.environment ?? 'live' }, { timeoutMs: VERIFY_TIMEOUT_MS });
    const answer = await api.verifyWebhookSignature({ ...fields, webhook_id: integration.webhookId }, text);
    if (answer?.verification_status !== 'SUCCESS') throw new Error('invalid signature');
  },
  envelope: (payload) => {
    const e = envelopeSchema.parse(payload);
    // PayPal's events name no environment: a sandbox app is connected as its own workspace.
    return { id: e.id, type: e.event_type, livemode: true, occurredAt: new Date(e.create_time), object: e.resource };
  },
  envelopeKeys: { id: 'id', type: 'event_type' },
  handlers: Object.fromEntries(EVENTS.map((e) => [e.type, payoutItemEvent])),
  events: EVENTS,
};

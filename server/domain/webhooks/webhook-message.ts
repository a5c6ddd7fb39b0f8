import { signatureHeader } from './secrets';

type Payload = { id: string; type: string; timestamp: string; data: { object: string } & Record<string, unknown> };
type Signer = { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null };

/**
 * The Standard Webhooks request for one event: webhook-id is the event id (the receiver's
 * deduplication key, the same on every retry), the timestamp is the attempt's.
 */
export function webhookMessage(endpoint: Signer, stored: unknown, at: Date) {
  // jsonb keeps keys in its own order; the body puts them back in the documented one.
  const { id, type, timestamp, data } = stored as Payload;
  const { object, ...record } = data;
  const body = JSON.stringify({ id, type, timestamp, data: { object, ...record } });
  return {
    body,
    headers: {
      'user-agent': 'Refcount-Webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureHeader(endpoint, id, at, body),
    },
  };
}

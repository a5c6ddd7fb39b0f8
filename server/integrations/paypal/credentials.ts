import type { Integration } from '../provider';
import { signingSecret } from '../settings';
import type { PaypalCredentials } from './api';

// A PayPal integration keeps its REST app's client secret where other providers keep their
// signing secret (sealed, shown by its last 4 characters), beside the client id, the webhook id
// and live or sandbox (docs/paying-affiliates.md#paypal-payouts).

/** The credentials of a PayPal integration, or null when its client id is not set. */
export function paypalCredentials(row: Integration): PaypalCredentials | null {
  if (!row.clientId) return null;
  return { clientId: row.clientId, secret: signingSecret(row), environment: row.environment ?? 'live' };
}

import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Standard Webhooks secrets: whsec_ + base64 of the key (24 random bytes = 192 bits).
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** After a rotation the old secret stays valid for a day, so receivers can switch without gaps. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

type SecretsOf = { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null };

/** The `webhook-signature` header: one `v1,` signature per live secret, space-separated. */
export function signatureHeader(endpoint: SecretsOf, messageId: string, at: Date, body: string): string {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at) {
    secrets.push(endpoint.previousSecret);
  }
  return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
}

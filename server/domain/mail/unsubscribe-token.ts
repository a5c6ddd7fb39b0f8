import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// The unsubscribe link's token (docs/emails.md#unsubscribe): workspace and affiliate, signed
// with HMAC-SHA256 under a key derived from NEXTAUTH_SECRET (as the embed token is), so the
// link needs no stored state and a forged or altered one is refused. It never expires: an
// e-mail read a year later must still unsubscribe.

const SALT = 'refcount/unsubscribe';
const INFO = 'unsubscribe-token/v1';
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 200;

let cached: { material: string; key: Buffer } | undefined;
function key(): Buffer {
  const material = process.env.NEXTAUTH_SECRET;
  if (!material) throw new Error('NEXTAUTH_SECRET is not set: no key to sign unsubscribe links with');
  if (cached?.material !== material) cached = { material, key: Buffer.from(hkdfSync('sha256', material, SALT, INFO, 32)) };
  return cached.key;
}

const sign = (body: string) => createHmac('sha256', key()).update(body).digest();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function signUnsubscribeToken(workspaceId: string, affiliateId: string): string {
  const body = `${workspaceId}.${affiliateId}`;
  return `${body}.${sign(body).toString('base64url')}`;
}

export function verifyUnsubscribeToken(token: unknown): { workspaceId: string; affiliateId: string } | null {
  if (typeof token !== 'string' || token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) return null;
  const [workspaceId, affiliateId, mac, extra] = token.split('.');
  if (!workspaceId || !affiliateId || !mac || extra !== undefined || !UUID.test(workspaceId) || !UUID.test(affiliateId)) return null;
  const expected = sign(`${workspaceId}.${affiliateId}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { workspaceId, affiliateId };
}

export const unsubscribeUrl = (publicUrl: string, workspaceId: string, affiliateId: string) =>
  `${publicUrl}/unsubscribe?t=${encodeURIComponent(signUnsubscribeToken(workspaceId, affiliateId))}`;

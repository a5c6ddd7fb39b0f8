import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { embedOptions, type EmbedOptions } from '../../contracts/embed';

// The embed token (docs/embedded-referrals.md#the-token): a signed, single-purpose pass to one
// affiliate's referral page, framed by one origin, for one hour. It is stateless (HMAC-SHA256
// with a key derived from NEXTAUTH_SECRET, like sealed secrets), so every app node verifies it
// without a read. What it names is checked again at use: the affiliate still active with the
// same session version (suspension revokes every token), the origin still listed.

export const EMBED_TOKEN_PREFIX = 'refe_';
export const EMBED_TOKEN_TTL_SECONDS = 3600;
const PURPOSE = 'embed.referrals';
const SALT = 'refcount/embed';
const INFO = 'embed-token/v1';
// An honest token is ~300 characters; anything longer is refused before any work.
export const EMBED_TOKEN_MAX_LENGTH = 2048;

export type EmbedClaims = {
  workspaceId: string;
  affiliateId: string;
  /** The affiliate's session version at issue: a suspension (or sign-out everywhere) moves it. */
  sessionVersion: number;
  /** The one origin that may frame the page. */
  origin: string;
  expiresAt: Date;
  options: EmbedOptions;
};

let cached: { material: string; key: Buffer } | undefined;
function key(): Buffer {
  const material = process.env.NEXTAUTH_SECRET;
  if (!material) throw new Error('NEXTAUTH_SECRET is not set: no key to sign embed tokens with');
  if (cached?.material !== material) cached = { material, key: Buffer.from(hkdfSync('sha256', material, SALT, INFO, 32)) };
  return cached.key;
}

const sign = (body: string) => createHmac('sha256', key()).update(body).digest();

export function signEmbedToken(claims: Omit<EmbedClaims, 'expiresAt'>, now = new Date()): { token: string; expiresAt: Date } {
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + EMBED_TOKEN_TTL_SECONDS * 1000);
  const payload = { p: PURPOSE, w: claims.workspaceId, a: claims.affiliateId, v: claims.sessionVersion, o: claims.origin, e: expiresAt.getTime() / 1000, opt: claims.options };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { token: `${EMBED_TOKEN_PREFIX}${body}.${sign(body).toString('base64url')}`, expiresAt };
}

/** The token's claims, or null when it is malformed, forged, for another purpose or expired. */
export function verifyEmbedToken(token: string, now = new Date()): EmbedClaims | null {
  if (typeof token !== 'string' || token.length > EMBED_TOKEN_MAX_LENGTH || !token.startsWith(EMBED_TOKEN_PREFIX)) return null;
  const [body, mac, extra] = token.slice(EMBED_TOKEN_PREFIX.length).split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = sign(body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: { p?: unknown; w?: unknown; a?: unknown; v?: unknown; o?: unknown; e?: unknown; opt?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (payload.p !== PURPOSE || typeof payload.w !== 'string' || typeof payload.a !== 'string' || typeof payload.o !== 'string') return null;
  if (typeof payload.v !== 'number' || typeof payload.e !== 'number' || payload.e * 1000 <= now.getTime()) return null;
  const options = embedOptions.safeParse(payload.opt);
  if (!options.success) return null;
  return { workspaceId: payload.w, affiliateId: payload.a, sessionVersion: payload.v, origin: payload.o, expiresAt: new Date(payload.e * 1000), options: options.data };
}

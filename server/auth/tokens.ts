import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export const WORKSPACE_KEY_PREFIX = 'sa_live_';
export const AFFILIATE_KEY_PREFIX = 'refa_live_';
export type TokenPrefix = typeof WORKSPACE_KEY_PREFIX | typeof AFFILIATE_KEY_PREFIX;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 40;
const SHAPE = /^(sa_live_|refa_live_)[0-9A-Za-z]{40}$/;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token: returned once to the caller; only `hash` and the display `start` are stored. */
export function mintToken(prefix: TokenPrefix): { token: string; hash: string; start: string } {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += BASE62[randomInt(62)];
  const token = prefix + body;
  return { token, hash: hashToken(token), start: token.slice(0, prefix.length + 4) };
}

/** Which family a bearer token claims to be, checked before any query is made. */
export function tokenFamily(token: string): 'workspace' | 'affiliate' | null {
  const m = SHAPE.exec(token);
  if (!m) return null;
  return m[1] === WORKSPACE_KEY_PREFIX ? 'workspace' : 'affiliate';
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/** The family and hash of the Authorization header's token; null when it is missing or malformed (no query is made for those). */
export function presentedToken(header: string | null | undefined): { family: 'workspace' | 'affiliate'; hash: string } | null {
  const token = bearerToken(header);
  const family = token ? tokenFamily(token) : null;
  return token && family ? { family, hash: hashToken(token) } : null;
}

import { embedOriginOf } from '../contracts/embed';
import { verifyEmbedToken } from '../domain/embed/token';

// Response headers that keep pages from being framed, sniffed or scripted by anyone else, and the
// Origin check on browser mutations. proxy.ts applies them to Next's pages and endpoints; the
// lean entry adds the transport-wide ones to every answer it writes itself.

const YEAR = 31_536_000;

/** On every response: no MIME sniffing; HSTS once the install is served over https. */
export function baseSecurityHeaders(publicUrl: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    ...(publicUrl.startsWith('https:') ? { 'Strict-Transport-Security': `max-age=${YEAR}; includeSubDomains` } : {}),
  };
}

/** A fresh, unguessable nonce for one page render. */
export const newNonce = () => Buffer.from(crypto.randomUUID()).toString('base64');

/**
 * The pages' policy: scripts only from this origin or carrying this render's nonce (Next puts it
 * on its own inline scripts, read from this header on the request), and what they load
 * themselves ('strict-dynamic'); no framing. Styles may be inline: Tailwind's sheet is a file,
 * and style attributes cannot run code. Development adds 'unsafe-eval' for React's debugging.
 */
export function contentSecurityPolicy(nonce: string, { dev, https, frameAncestor = null }: { dev: boolean; https: boolean; frameAncestor?: string | null }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestor ?? "'none'"}`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Everything a page answer carries. */
export function pageSecurityHeaders(nonce: string, publicUrl: string, dev: boolean): Record<string, string> {
  return {
    ...baseSecurityHeaders(publicUrl),
    'Content-Security-Policy': contentSecurityPolicy(nonce, { dev, https: publicUrl.startsWith('https:') }),
    'X-Frame-Options': 'DENY', // frame-ancestors for browsers that predate it
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

// The dashboard's and portal's writes (tRPC POSTs) and next-auth's sign-in and sign-out: a page
// on another site must not make a signed-in browser send them.
const GUARDED = /^\/(api\/trpc|portal\/api\/trpc|api\/auth)(\/|$)/;

/**
 * Whether a browser request may change state here: anything but a POST to the guarded paths
 * passes; a POST passes only from this install's own origin (PUBLIC_URL, or the Host it was sent
 * to). Without an Origin header (clients that are not browsers) Sec-Fetch-Site decides.
 */
export function sameOriginMutation(
  req: { method: string; path: string; origin: string | null; host: string | null; protocol: string; fetchSite: string | null },
  publicUrl: string,
): boolean {
  if (req.method !== 'POST' || !GUARDED.test(req.path)) return true;
  if (req.origin === null) return req.fetchSite === null || req.fetchSite === 'same-origin' || req.fetchSite === 'none';
  const allowed = [new URL(publicUrl).origin, ...(req.host ? [`${req.protocol}//${req.host}`] : [])];
  return allowed.includes(req.origin);
}

export const EMBED_PAGE_PATH = '/embed/referrals';

/**
 * The embedded referral page's answer (docs/embedded-referrals.md#security): framed by the
 * one origin its token was issued for, and no other; no X-Frame-Options (DENY would refuse that
 * origin too, and ALLOW-FROM is dead); no Referer (the token is in the URL); never cached. The
 * token is only verified here (signature, hour: no database in the proxy); the page itself
 * checks it again with openEmbed and shows nothing for a token whose affiliate or origin is gone.
 * A bad token keeps 'none' and DENY.
 */
export function embedPageSecurityHeaders(nonce: string, publicUrl: string, dev: boolean, token: string | null, now = new Date()): Record<string, string> {
  let claims: ReturnType<typeof verifyEmbedToken> = null;
  try {
    claims = token ? verifyEmbedToken(token, now) : null;
  } catch {
    claims = null; // no NEXTAUTH_SECRET in this process: nothing can be verified, nothing framed
  }
  // The origin goes into a header: only one that reads back as itself (no spaces, no ';').
  const origin = claims && embedOriginOf(claims.origin) === claims.origin ? claims.origin : null;
  const { 'X-Frame-Options': deny, ...page } = pageSecurityHeaders(nonce, publicUrl, dev);
  return {
    ...page,
    ...(origin ? {} : { 'X-Frame-Options': deny }),
    'Content-Security-Policy': contentSecurityPolicy(nonce, { dev, https: publicUrl.startsWith('https:'), frameAncestor: origin }),
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

/** The headers of a page answer at `path`: the embedded page's own, or every other page's. */
export function securityHeadersFor(path: string, search: URLSearchParams, nonce: string, publicUrl: string, dev: boolean): Record<string, string> {
  return path === EMBED_PAGE_PATH ? embedPageSecurityHeaders(nonce, publicUrl, dev, search.get('token')) : pageSecurityHeaders(nonce, publicUrl, dev);
}

// Next's request proxy (Next 16's middleware): security headers on pages, with a fresh CSP nonce
// per render that Next reads back from the request to stamp its own scripts, and the Origin check
// on dashboard and portal writes (server/http/security-headers.ts). The embedded referral page
// alone may be framed, by its token's origin (securityHeadersFor).
import { NextResponse, type NextRequest } from 'next/server';
import { newNonce, sameOriginMutation, securityHeadersFor } from './server/http/security-headers';

const publicUrl = (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const dev = process.env.NODE_ENV === 'development';

export function proxy(request: NextRequest) {
  const allowed = sameOriginMutation(
    {
      method: request.method,
      path: request.nextUrl.pathname,
      origin: request.headers.get('origin'),
      host: request.headers.get('host'),
      protocol: request.nextUrl.protocol,
      fetchSite: request.headers.get('sec-fetch-site'),
    },
    publicUrl,
  );
  if (!allowed) {
    return NextResponse.json({ error: 'cross_site_request', detail: 'this request must come from a page of this install' }, { status: 403 });
  }
  const nonce = newNonce();
  const headers = securityHeadersFor(request.nextUrl.pathname, request.nextUrl.searchParams, nonce, publicUrl, dev);
  const forwarded = new Headers(request.headers);
  forwarded.set('Content-Security-Policy', headers['Content-Security-Policy']);
  forwarded.set('x-nonce', nonce);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Not the lean entry's own routes (/v1, the snippet and its collector, referral redirects: other
// sites use those, and /refcount.js keeps its permissive CORS) nor Next's static files.
export const config = {
  matcher: ['/((?!v1/|v1$|refcount\\.js|api/collect|r/|_next/static|_next/image|favicon\\.ico).*)'],
};

import { describe, expect, it, vi } from 'vitest';
import { embedOptions } from '../contracts/embed';
import { signEmbedToken } from '../domain/embed/token';
import { baseSecurityHeaders, contentSecurityPolicy, embedPageSecurityHeaders, newNonce, pageSecurityHeaders, sameOriginMutation, securityHeadersFor } from './security-headers';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('page security headers', () => {
  it('allow scripts only from this origin or with the render’s nonce, and no framing', () => {
    const nonce = newNonce();
    const h = pageSecurityHeaders(nonce, 'http://localhost:3000', false);
    const csp = directives(h['Content-Security-Policy']);
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['Strict-Transport-Security']).toBeUndefined(); // plain http: HSTS would mean nothing
  });

  it('a new nonce per render', () => {
    expect(new Set(Array.from({ length: 50 }, newNonce)).size).toBe(50);
  });

  it('HSTS and upgrade-insecure-requests once PUBLIC_URL is https', () => {
    const h = pageSecurityHeaders('n', 'https://refs.example.com', false);
    expect(h['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(h['Content-Security-Policy']).toContain('upgrade-insecure-requests');
    expect(baseSecurityHeaders('https://refs.example.com')['Strict-Transport-Security']).toBeDefined();
  });

  it("adds 'unsafe-eval' only in development", () => {
    expect(contentSecurityPolicy('n', { dev: true, https: false })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy('n', { dev: false, https: false })).not.toContain('unsafe-eval');
  });
});

describe('the embedded referral page (/embed/referrals)', () => {
  process.env.NEXTAUTH_SECRET ||= 'headers-test-secret';
  const HOST = 'https://app.example.com';
  const tokenFor = (origin: string, now = new Date()) =>
    signEmbedToken({ workspaceId: '00000000-0000-4000-8000-000000000001', affiliateId: '00000000-0000-4000-8000-000000000002', sessionVersion: 0, origin, options: embedOptions.parse({}) }, now).token;
  const at = (path: string, token?: string) => securityHeadersFor(path, new URLSearchParams(token === undefined ? {} : { token }), 'n', 'http://localhost:3000', false);

  it("may be framed by its token's origin only: no DENY there, no Referer, never cached", () => {
    const h = at('/embed/referrals', tokenFor(HOST));
    expect(directives(h['Content-Security-Policy']).get('frame-ancestors')).toEqual([HOST]);
    expect(h['X-Frame-Options']).toBeUndefined();
    expect(h['Referrer-Policy']).toBe('no-referrer');
    expect(h['Cache-Control']).toBe('no-store');
    // The rest of the policy is every page's.
    expect(directives(h['Content-Security-Policy']).get('script-src')).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'"]);
  });

  it("keeps 'none' and DENY for a missing, forged or expired token", () => {
    const good = tokenFor(HOST);
    const expired = tokenFor(HOST, new Date(Date.now() - 2 * 3_600_000));
    for (const token of [undefined, '', `${good}x`, good.replace('refe_', 'refe_x'), expired, 'refa_live_x']) {
      const h = at('/embed/referrals', token);
      expect(directives(h['Content-Security-Policy']).get('frame-ancestors'), String(token)).toEqual(["'none'"]);
      expect(h['X-Frame-Options']).toBe('DENY');
      expect(h['Referrer-Policy']).toBe('no-referrer');
      expect(h['Cache-Control']).toBe('no-store');
    }
  });

  it('never writes a token origin that is not a plain origin into the header', () => {
    const h = embedPageSecurityHeaders('n', 'http://localhost:3000', false, tokenFor("https://a.example; script-src 'unsafe-inline'"));
    expect(directives(h['Content-Security-Policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("every other page stays 'none', with a valid token or not", () => {
    const token = tokenFor(HOST);
    for (const path of ['/', '/portal', '/dashboard', '/embed', '/embed/referrals/x', '/embed/other', '/join/acme']) {
      const h = at(path, token);
      expect(directives(h['Content-Security-Policy']).get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(h['X-Frame-Options'], path).toBe('DENY');
      expect(h['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('without NEXTAUTH_SECRET nothing verifies and nothing is framed (no crash)', () => {
    const token = tokenFor(HOST);
    const saved = process.env.NEXTAUTH_SECRET;
    delete process.env.NEXTAUTH_SECRET;
    try {
      expect(directives(at('/embed/referrals', token)['Content-Security-Policy']).get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      if (saved === undefined) delete process.env.NEXTAUTH_SECRET;
      else process.env.NEXTAUTH_SECRET = saved;
    }
  });
});

describe('Origin check on dashboard and portal writes', () => {
  const PUBLIC = 'https://refs.example.com';
  const post = (path: string, origin: string | null, extra: Partial<Parameters<typeof sameOriginMutation>[0]> = {}) =>
    sameOriginMutation({ method: 'POST', path, origin, host: 'refs.example.com', protocol: 'https:', fetchSite: null, ...extra }, PUBLIC);

  it.each(['/api/trpc/campaigns.create', '/portal/api/trpc/portal.createKey', '/api/auth/callback/credentials', '/api/auth/signout'])(
    'refuses a POST to %s from another site, allows it from this one',
    (path) => {
      expect(post(path, 'https://evil.example')).toBe(false);
      expect(post(path, 'null')).toBe(false);
      expect(post(path, 'https://refs.example.com.evil.example')).toBe(false);
      expect(post(path, null, { fetchSite: 'cross-site' })).toBe(false);
      expect(post(path, PUBLIC)).toBe(true);
      expect(post(path, null)).toBe(true); // not a browser: no ambient cookies to abuse
    },
  );

  it('accepts the Host the request was sent to (an install reached by another name)', () => {
    expect(post('/api/trpc/x', 'http://10.0.0.5:3000', { host: '10.0.0.5:3000', protocol: 'http:' })).toBe(true);
  });

  it('leaves reads and other paths alone', () => {
    expect(sameOriginMutation({ method: 'GET', path: '/api/trpc/campaigns.list', origin: 'https://evil.example', host: null, protocol: 'https:', fetchSite: 'cross-site' }, PUBLIC)).toBe(true);
    expect(post('/api/collect', 'https://shop.example.com')).toBe(true);
  });
});

describe('next-auth cookies', () => {
  it('are Secure (useSecureCookies) exactly when PUBLIC_URL is https', async () => {
    for (const [url, secure] of [['https://refs.example.com', true], ['http://localhost:3000', false]] as const) {
      vi.resetModules();
      vi.stubEnv('PUBLIC_URL', url);
      const { authOptions } = await import('../auth/next-auth');
      expect(authOptions.useSecureCookies).toBe(secure);
    }
    vi.unstubAllEnvs();
  });
});

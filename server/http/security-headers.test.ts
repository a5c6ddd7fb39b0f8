import { describe, expect, it, vi } from 'vitest';
import { baseSecurityHeaders, contentSecurityPolicy, newNonce, pageSecurityHeaders, sameOriginMutation } from './security-headers';

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const BRANDING = { program_name: null, logo_url: null, brand_color: null, terms_url: null, join_slug: null, disposable_email_policy: 'flag', tax_form_required: false, tax_form_threshold: 200000, embed_origins: [] };
const DEFAULTS = { auto_approve_affiliates: false, auto_approve_commissions: false, hold_days: 30, min_payout: 5000, currency: 'usd', link_customers_by_email: true, ...BRANDING };
const read = (token: string) => api.call('GET', '/v1/settings', { token });
const patch = (token: string, body: unknown) => api.call('PATCH', '/v1/settings', { token, body });

describe('GET /v1/settings', () => {
  it('answers the defaults of a new workspace', async () => {
    const ws = await api.workspace(['read']);
    const res = await read(ws.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'settings', data: DEFAULTS });
  });

  it('needs read access and a token', async () => {
    const ws = await api.workspace(['track']);
    const res = await read(ws.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'read' });
    expect((await api.call('GET', '/v1/settings')).status).toBe(401);
  });
});

describe('PATCH /v1/settings', () => {
  it('changes the given fields only, in this workspace only', async () => {
    const ws = await api.workspace(['*']);
    const other = await api.workspace(['*']);
    const first = await patch(ws.token, { auto_approve_affiliates: true, hold_days: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ object: 'settings', data: { ...DEFAULTS, auto_approve_affiliates: true, hold_days: 0 } });
    const second = await patch(ws.token, { auto_approve_commissions: true, min_payout: 0, currency: 'EUR', hold_days: 3650 });
    const expected = { auto_approve_affiliates: true, auto_approve_commissions: true, hold_days: 3650, min_payout: 0, currency: 'eur', link_customers_by_email: true, ...BRANDING };
    expect(second.body.data).toEqual(expected);
    expect((await read(ws.token)).body.data).toEqual(expected);
    expect((await patch(ws.token, {})).body.data).toEqual(expected);
    expect((await read(other.token)).body.data).toEqual(DEFAULTS);
  });

  it.each([
    [{ hold_days: -1 }],
    [{ hold_days: 3651 }],
    [{ hold_days: 1.5 }],
    [{ min_payout: -1 }],
    [{ min_payout: 10.5 }],
    [{ min_payout: '5000' }],
    [{ currency: 'dollars' }],
    [{ currency: 'us' }],
    [{ auto_approve_affiliates: 'true' }],
    [{ timezone: 'Europe/Paris' }],
    [{ commission_unmapped_products: false }],
    [{ hold_days: 10, colour: 'red' }],
    [{ tax_form_threshold: -1 }],
    [{ tax_form_threshold: 100_000_000_001 }],
    [{ tax_form_required: 'yes' }],
    [{ brand_color: 'teal' }],
    [{ brand_color: '#12345' }],
    [{ logo_url: 'http://cdn.example.com/logo.png' }],
    [{ logo_url: 'javascript:alert(1)' }],
    [{ logo_url: '//cdn.example.com/logo.png' }],
    [{ logo_url: ' ///cdn.example.com/logo.png' }],
    [{ logo_url: 'data:image/png;base64,iVBORw0KGgo=' }],
    [{ logo_url: 'https://user:secret@cdn.example.com/logo.png' }],
    [{ terms_url: 'ftp://example.com/terms' }],
    [{ join_slug: 'no spaces' }],
    [{ join_slug: '-dash' }],
    [{ join_slug: 'ab' }],
    [{ program_name: '' }],
    [{ disposable_email_policy: 'block' }],
    [{ disposable_email_policy: null }],
    [{ embed_origins: ['http://app.example.com'] }],
    [{ embed_origins: ['https://app.example.com/account'] }],
    [{ embed_origins: ['https://user:pw@app.example.com'] }],
    [{ embed_origins: ['app.example.com'] }],
    [{ embed_origins: 'https://app.example.com' }],
    [{ embed_origins: null }],
    [{ embed_origins: Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`) }],
    [{ embed_origins: [`https://${'a'.repeat(250)}.example.com`] }],
  ])('rejects %j with invalid_request and changes nothing', async (body) => {
    const ws = await api.workspace(['*']);
    const res = await patch(ws.token, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect((await read(ws.token)).body.data).toEqual(DEFAULTS);
  });

  it('answers invalid_json for a malformed body', async () => {
    const ws = await api.workspace(['*']);
    const res = await api.call('PATCH', '/v1/settings', {
      token: ws.token,
      rawBody: '{"hold_days": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_json');
  });

  it('needs the write scope', async () => {
    const ws = await api.workspace(['read']);
    const res = await patch(ws.token, { hold_days: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'insufficient_scope', need: 'write' });
    expect((await read(ws.token)).body.data.hold_days).toBe(30);
  });
});

describe('program branding and the join page address', () => {
  it('sets, normalises and clears them', async () => {
    const ws = await api.workspace(['*']);
    const body = { program_name: ' Acme Partners ', logo_url: '/logo.svg', brand_color: '#0F766E', terms_url: 'https://acme.example.com/terms', join_slug: 'Acme' };
    const res = await patch(ws.token, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ program_name: 'Acme Partners', logo_url: '/logo.svg', brand_color: '#0f766e', terms_url: 'https://acme.example.com/terms', join_slug: 'acme' });
    expect((await patch(ws.token, { logo_url: 'https://cdn.example.com/a.png' })).body.data.logo_url).toBe('https://cdn.example.com/a.png');
    const cleared = await patch(ws.token, { program_name: null, logo_url: null, brand_color: null, terms_url: null, join_slug: null });
    expect(cleared.body.data).toEqual(DEFAULTS);
  });

  it('a join page address belongs to one program: taken is 409 and changes nothing', async () => {
    const a = await api.workspace(['*']);
    const b = await api.workspace(['*']);
    expect((await patch(a.token, { join_slug: 'shared-name' })).status).toBe(200);
    const taken = await patch(b.token, { join_slug: 'shared-name', hold_days: 1 });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('invalid_state');
    expect((await read(b.token)).body.data).toEqual(DEFAULTS);
    // Saving its own address again is no conflict.
    expect((await patch(a.token, { join_slug: 'shared-name' })).status).toBe(200);
  });

  it('the disposable e-mail policy is flag by default, set to refuse or allow, audited', async () => {
    const ws = await api.workspace(['*']);
    expect((await patch(ws.token, { disposable_email_policy: 'refuse' })).body.data.disposable_email_policy).toBe('refuse');
    expect((await read(ws.token)).body.data).toEqual({ ...DEFAULTS, disposable_email_policy: 'refuse' });
    expect((await patch(ws.token, { disposable_email_policy: 'allow' })).body.data.disposable_email_policy).toBe('allow');
    const audit = await api.call('GET', '/v1/audit-events?action=settings.updated', { token: ws.token });
    expect(audit.body.data.map((e: { changes: { after: object } }) => e.changes.after)).toEqual([
      { disposable_email_policy: 'allow' },
      { disposable_email_policy: 'refuse' },
    ]);
  });

  it('two programs racing for one address: exactly one gets it', async () => {
    const ws = await Promise.all([1, 2, 3, 4].map(() => api.workspace(['*'])));
    const answers = await Promise.all(ws.map((w) => patch(w.token, { join_slug: 'race-slug' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const holders = await Promise.all(ws.map(async (w) => (await read(w.token)).body.data.join_slug));
    expect(holders.filter((s) => s === 'race-slug')).toHaveLength(1);
  });
});

describe('embed origins (docs/embedded-referrals.md#origins)', () => {
  it('stores each as its origin, once, and clears with an empty list; audited', async () => {
    const ws = await api.workspace(['*']);
    const res = await patch(ws.token, { embed_origins: ['https://App.Example.com/', 'http://localhost:3000', ' https://app.example.com '] });
    expect(res.status).toBe(200);
    expect(res.body.data.embed_origins).toEqual(['https://app.example.com', 'http://localhost:3000']);
    expect((await read(ws.token)).body.data).toEqual({ ...DEFAULTS, embed_origins: ['https://app.example.com', 'http://localhost:3000'] });
    expect((await patch(ws.token, { embed_origins: [] })).body.data).toEqual(DEFAULTS);
    const audit = await api.call('GET', '/v1/audit-events?action=settings.updated', { token: ws.token });
    expect(audit.body.data.map((e: { changes: { after: object } }) => e.changes.after)).toEqual([
      { embed_origins: [] },
      { embed_origins: ['https://app.example.com', 'http://localhost:3000'] },
    ]);
  });

  it('names the field and says what an origin looks like', async () => {
    const ws = await api.workspace(['*']);
    const res = await patch(ws.token, { embed_origins: ['https://app.example.com', 'https://app.example.com/account'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.detail).toMatch(/embed_origins/);
    expect(res.body.detail).toMatch(/https:\/\/app\.example\.com.*without a path/);
  });
});

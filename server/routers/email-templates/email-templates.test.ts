import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ PUBLIC_URL: 'https://refs.example.com' });
});
afterAll(() => api.close());

const KINDS = ['affiliate_approved', 'commission_earned', 'commission_approved', 'payout_sent', 'payout_failed', 'clawback', 'group_changed'];

describe('GET /v1/email-templates', () => {
  it('lists every kind on, with its default wording and variables', async () => {
    const ws = await api.workspace(['read']);
    const res = await api.call('GET', '/v1/email-templates', { token: ws.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { kind: string }) => t.kind)).toEqual(KINDS);
    expect(res.body.data.every((t: { enabled: boolean; customised: boolean }) => t.enabled && !t.customised)).toBe(true);
    const approved = res.body.data[0];
    expect(approved).toMatchObject({ transactional: true, variables: expect.arrayContaining(['link', 'portal_url', 'affiliate.name']) });
    expect(res.body.data[1]).toMatchObject({ kind: 'commission_earned', transactional: false, variables: expect.arrayContaining(['commission.amount']) });
  });
});

describe('PATCH /v1/email-templates/{kind}', () => {
  it('changes the switch and wording of this workspace only, and null brings the default back', async () => {
    const ws = await api.workspace(['*']);
    const other = await api.workspace(['*']);
    const patch = (body: unknown) => api.call('PATCH', '/v1/email-templates/commission_earned', { token: ws.token, body });
    const first = await patch({ enabled: false, subject: '{{affiliate.name}}: +{{commission.amount}}', text: 'Well done, {{ affiliate.name }}!' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: 'email_template', data: { kind: 'commission_earned', enabled: false, subject: '{{affiliate.name}}: +{{commission.amount}}', text: 'Well done, {{ affiliate.name }}!', customised: true } });
    const reset = await patch({ subject: null, text: null });
    expect(reset.body.data).toMatchObject({ enabled: false, subject: 'You earned {{commission.amount}} with {{program.name}}', customised: false });
    const theirs = await api.call('GET', '/v1/email-templates', { token: other.token });
    expect(theirs.body.data[1]).toMatchObject({ enabled: true, customised: false });
  });

  it('refuses an unknown variable, naming it, and a kind that does not exist', async () => {
    const ws = await api.workspace(['*']);
    const res = await api.call('PATCH', '/v1/email-templates/commission_earned', { token: ws.token, body: { text: 'Your {{payout.amount}} and {{link}}' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_request' });
    expect(res.body.detail).toContain('unknown variable {{payout.amount}}');
    const typo = await api.call('PATCH', '/v1/email-templates/affiliate_approved', { token: ws.token, body: { subject: 'Hi {{affiliate.nmae}}' } });
    expect(typo.status).toBe(400);
    expect(typo.body.detail).toContain('{{affiliate.nmae}}');
    expect((await api.call('PATCH', '/v1/email-templates/newsletter', { token: ws.token, body: { enabled: false } })).status).toBe(400);
    expect((await api.call('PATCH', '/v1/email-templates/clawback', { token: ws.token, body: { subject: 'x'.repeat(201) } })).status).toBe(400);
  });

  it('needs the write scope', async () => {
    const ws = await api.workspace(['read']);
    const res = await api.call('PATCH', '/v1/email-templates/clawback', { token: ws.token, body: { enabled: false } });
    expect(res.status).toBe(403);
  });
});

describe('POST /v1/email-templates/{kind}/preview', () => {
  it('renders the saved or drafted wording with sample values, the branding, and escaped HTML', async () => {
    const ws = await api.workspace(['*']);
    await api.call('PATCH', '/v1/settings', { token: ws.token, body: { program_name: 'Acme <Partners>', brand_color: '#123456' } });
    const saved = await api.call('POST', '/v1/email-templates/payout_failed/preview', { token: ws.token, body: {} });
    expect(saved.status).toBe(200);
    expect(saved.body.data.subject).toBe('Your Acme <Partners> payout of $120.00 did not go through');
    expect(saved.body.data.text).toContain('https://refs.example.com/portal/login');
    expect(saved.body.data.text).not.toContain('unsubscribe'); // transactional
    expect(saved.body.data.html).toContain('Acme &lt;Partners&gt;');
    expect(saved.body.data.html).toContain('background:#123456');

    const draft = await api.call('POST', '/v1/email-templates/commission_approved/preview', { token: ws.token, body: { text: 'Hi {{affiliate.name}} <script>x</script> {{portal_url}}' } });
    expect(draft.body.data.text).toContain('Hi Ada Lovelace <script>x</script> https://refs.example.com/portal/login');
    expect(draft.body.data.text).toContain('Stop these e-mails: https://refs.example.com/unsubscribe?t=sample');
    expect(draft.body.data.html).toMatch(/&lt;script&gt;x&lt;\/script&gt; <a href="https:\/\/refs.example.com\/portal\/login\?program=[\w-]+">/);
    expect(draft.body.data.html).not.toContain('<script>');
    // nothing saved
    const list = await api.call('GET', '/v1/email-templates', { token: ws.token });
    expect(list.body.data[2].customised).toBe(false);
    const bad = await api.call('POST', '/v1/email-templates/commission_approved/preview', { token: ws.token, body: { subject: '{{secret}}' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('{{secret}}');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users/users';
import { MAX_LINKS_PER_AFFILIATE } from '../../domain/links/link-kit';
import { startTestApi, type TestApi } from '../../testing/api';
import { dashboardCaller, failure, portalCaller } from '../../testing/session-caller';

// Every affiliate has its default link without anyone creating one, makes more (landing page,
// sub-id), and sees the program's branding.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function affiliate(email: string) {
  const ws = await api.workspace(['*'], 'Shop Inc');
  const campaign = await api.call('POST', '/v1/campaigns', {
    token: ws.token,
    body: { name: 'Main', destination_url: 'https://shop.example.com', additional_referral_links: ['https://shop.example.com/pricing'], ref_param: 'via' },
  });
  const created = await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email, name: 'Lee', status: 'active' } });
  const id: string = created.body.data.id;
  const ref: string = created.body.data.ref_code;
  return { ws, id, ref, campaign: campaign.body.data, portal: portalCaller(api, { workspaceId: ws.id, affiliateId: id }).portal };
}

describe('portal links', () => {
  it('the default link exists before any link is created', async () => {
    const a = await affiliate('lee@example.com');
    const kit = (await a.portal.linkKit()).data;
    expect(kit).toEqual({
      ref_code: a.ref,
      campaign: { id: a.campaign.id, name: 'Main' },
      default_url: `https://shop.example.com/?via=${a.ref}`,
      landing_pages: ['https://shop.example.com', 'https://shop.example.com/pricing'],
      links: [],
    });
  });

  it('makes a link for a landing page and a sub-id; refuses a page the program does not list', async () => {
    const a = await affiliate('mo@example.com');
    const made = await a.portal.createLink({ landing_page: 'https://shop.example.com/pricing', sub_id: 'newsletter' });
    expect(made.data.url).toBe(`https://shop.example.com/pricing?via=${a.ref}&sub_id=newsletter`);
    expect(made.data.affiliate_id).toBe(a.id);
    const input = { landing_page: 'https://evil.example.com/' };
    expect(await failure(a.portal.createLink(input), input)).toMatchObject({ status: 400, error: 'invalid_request' });
    expect((await a.portal.linkKit()).data.links.map((l) => l.sub_id)).toEqual(['newsletter']);
  });

  it('stops at the per-affiliate link limit', async () => {
    const a = await affiliate('many@example.com');
    for (let i = 0; i < MAX_LINKS_PER_AFFILIATE; i++) await a.portal.createLink({ sub_id: `s${i}` });
    expect(await failure(a.portal.createLink({ sub_id: 'one-more' }))).toMatchObject({ status: 409, error: 'invalid_state' });
  });

  it('another affiliate’s links stay apart; the manager sees the same kit', async () => {
    const a = await affiliate('own@example.com');
    await a.portal.createLink({ sub_id: 'mine' });
    const owner = await createUser(api.db, { email: 'boss-links@example.com', password: 'password-1', workspaceId: a.ws.id });
    const kit = await dashboardCaller(api, owner.id).affiliates.linkKit({ id: a.id });
    expect(kit.data.links.map((l) => l.sub_id)).toEqual(['mine']);
    const b = await affiliate('other@example.com');
    expect((await b.portal.linkKit()).data.links).toEqual([]);
    expect(await failure(dashboardCaller(api, owner.id).affiliates.linkKit({ id: b.id }))).toMatchObject({ status: 404 });
  });

  it('the portal shows the program’s brand: its name, else the workspace’s', async () => {
    const a = await affiliate('brand@example.com');
    expect((await a.portal.program()).data).toMatchObject({ name: 'Shop Inc', logo_url: null, brand_color: null });
    await api.call('PATCH', '/v1/settings', { token: a.ws.token, body: { program_name: 'Shop Partners', brand_color: '#112233', logo_url: '/logo.svg' } });
    expect((await a.portal.program()).data).toMatchObject({ name: 'Shop Partners', logo_url: '/logo.svg', brand_color: '#112233' });
  });

  it("the portal says the affiliate's deal in words: its own campaign's rule, with a note when some sales earn otherwise", async () => {
    const a = await affiliate('deal@example.com');
    expect((await a.portal.program()).data.commission_terms).toBeNull(); // the campaign pays nothing yet
    const put = (body: unknown) => api.call('PUT', `/v1/campaigns/${a.campaign.id}/commission-rule`, { token: a.ws.token, body });
    expect((await put({ amount: 25, length_type: 'lifetime' })).status).toBe(200);
    expect((await a.portal.program()).data.commission_terms).toBe('25% of every payment, for as long as the customer pays');
    expect((await put({ kind: 'interval', amount: 40, applies_to_interval: 'year' })).status).toBe(200);
    expect((await a.portal.program()).data.commission_terms).toBe('25% of every payment, for as long as the customer pays; some products or plans earn a different rate');
    // Another campaign's affiliate reads its own campaign's terms, not these.
    const other = await api.call('POST', '/v1/campaigns', { token: a.ws.token, body: { name: 'Flat', destination_url: 'https://shop.example.com' } });
    await api.call('PUT', `/v1/campaigns/${other.body.data.id}/commission-rule`, { token: a.ws.token, body: { amount: 500, is_flat: true } });
    const b = await api.call('POST', '/v1/affiliates', { token: a.ws.token, body: { email: 'flat@example.com', status: 'active', campaign_id: other.body.data.id } });
    const bPortal = portalCaller(api, { workspaceId: a.ws.id, affiliateId: b.body.data.id }).portal;
    expect((await bPortal.program()).data.commission_terms).toBe('$5.00 for the first payment');
  });
});

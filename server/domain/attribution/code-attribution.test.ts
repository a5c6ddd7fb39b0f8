import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliates } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { insertAffiliateCode, setAffiliateCodeStatus } from '../../testing/affiliate-code-rows';
import { at, DAY, world as worldOn, type CampaignOpts } from '../../testing/attribution-world';

// Attribution by an affiliate's code through /v1/track (docs/attribution.md#codes-and-clicks): a
// manual_code that is an active affiliate code credits its affiliate by method `code`, the receipt
// naming the code; the campaign offering the code's discount decides whether a click beats it.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
const world = async (...specs: CampaignOpts[]) => {
  const w = await worldOn(api, ...specs);
  const code = (affiliateId: string, code: string, status?: 'active' | 'inactive') => insertAffiliateCode(api.db, { workspaceId: w.ws.id, affiliateId, code, status });
  const precedence = (campaignId: string, p: 'click' | 'code') => w.ok('PATCH', `/v1/campaigns/${campaignId}`, { code_precedence: p });
  return { ...w, code, precedence };
};

describe('a manual code that is an affiliate code', () => {
  it('credits the code’s affiliate by method code, case-insensitively, on sales and leads; the receipt names the code', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const row = await w.code(c.y.id, `Spring${w.ws.id.slice(-4)}`);
    const sale = await w.sale({ manual_code: row.code.toUpperCase() }, at(0));
    expect(sale).toMatchObject({ affiliateId: c.y.id, method: 'code', confidence: 1, code: { id: row.id, code: row.code } });
    expect(sale.commission).toEqual({ affiliateId: c.y.id, amount: 3_000 });
    // an affiliate code beats a ref naming someone else, and the ref code of another affiliate
    expect(await w.sale({ manual_code: row.code, ref: c.x.ref }, at(0))).toMatchObject({ affiliateId: c.y.id, method: 'code' });
    const lead = await w.ok('POST', '/v1/track/lead', { external_id: 'lead-code', manual_code: ` ${row.code.toLowerCase()} ` });
    const receipt = await w.ok('GET', `/v1/conversions/${lead.conversion_id}/attribution`, undefined);
    expect(receipt).toMatchObject({ method: 'code', code: { id: row.id, code: row.code } });
    expect((await w.ok('GET', `/v1/conversions/${lead.conversion_id}`, undefined)).affiliate_id).toBe(c.y.id);
  });

  it('a ref code typed as a manual code is still manual_code, and names no code in the receipt', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    await w.code(c.y.id, `other${w.ws.id.slice(-4)}`);
    expect(await w.sale({ manual_code: c.x.ref }, at(0))).toMatchObject({ affiliateId: c.x.id, method: 'manual_code', code: null });
  });

  it('an inactive code attributes nothing: the sale falls through to the next way', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const row = await w.code(c.y.id, `gone${w.ws.id.slice(-4)}`);
    expect(await w.sale({ manual_code: row.code }, at(0))).toMatchObject({ affiliateId: c.y.id, method: 'code' });
    await setAffiliateCodeStatus(api.db, row.id, 'inactive');
    expect(await w.sale({ manual_code: row.code }, at(0))).toMatchObject({ affiliateId: null });
    expect(await w.sale({ manual_code: row.code, ref: c.x.ref }, at(0))).toMatchObject({ affiliateId: c.x.id, method: 'ref' });
    // a code deactivated when its text is another affiliate's ref code leaves that ref code to its owner
    const taken = await w.code(c.y.id, c.x.ref.toUpperCase());
    expect(await w.sale({ manual_code: c.x.ref }, at(0))).toMatchObject({ affiliateId: c.y.id, method: 'code' });
    await setAffiliateCodeStatus(api.db, taken.id, 'inactive');
    expect(await w.sale({ manual_code: c.x.ref }, at(0))).toMatchObject({ affiliateId: c.x.id, method: 'manual_code' });
    // the code of an affiliate no longer active is nobody's
    const live = await w.code(c.x.id, `susp${w.ws.id.slice(-4)}`);
    await w.ok('PATCH', `/v1/affiliates/${c.x.id}`, { status: 'suspended' });
    expect(await w.sale({ manual_code: live.code }, at(0))).toMatchObject({ affiliateId: null });
  });

  it("another workspace's code never matches", async () => {
    const [mine, theirs] = [await world({ model: 'last_click' }), await world({ model: 'last_click' })];
    const text = `shared${mine.ws.id.slice(-6)}`;
    await theirs.code(theirs.camps[0].x.id, text);
    expect(await mine.sale({ manual_code: text }, at(0))).toMatchObject({ affiliateId: null });
    expect(await theirs.sale({ manual_code: text }, at(0))).toMatchObject({ affiliateId: theirs.camps[0].x.id, method: 'code' });
  });
});

describe('codes and clicks: the precedence of the campaign offering the code', () => {
  it("'click' (the default): a click inside the window beats a code; 'code': the code beats it", async () => {
    // affiliate A's click in campaign 0, then a purchase with affiliate B's code, of campaign 1
    const w = await world({ model: 'last_click' }, { model: 'last_click' });
    const [c0, c1] = w.camps;
    const [a, b] = [c0.x, c1.y];
    const row = await w.code(b.id, `promo${w.ws.id.slice(-4)}`);
    const v = await w.click({ ref: a.ref }, at(0));
    const both = { visitor_id: v.visitorId, manual_code: row.code };
    expect(await w.sale(both, at(DAY))).toMatchObject({ affiliateId: a.id, method: 'cookie', code: null });
    // the clicked campaign's precedence does not decide: the code's does
    await w.precedence(c0.id, 'code');
    expect(await w.sale(both, at(DAY))).toMatchObject({ affiliateId: a.id, method: 'cookie' });
    await w.precedence(c1.id, 'code');
    expect(await w.sale(both, at(DAY))).toMatchObject({ affiliateId: b.id, method: 'code', code: { id: row.id, code: row.code } });
    // fingerprint and ip + user agent are clicks too
    await w.click({ ref: a.ref, fingerprint: 'fp-code' }, at(0));
    expect(await w.sale({ fingerprint: 'fp-code', manual_code: row.code }, at(DAY))).toMatchObject({ affiliateId: b.id, method: 'code' });
    await w.precedence(c1.id, 'click');
    expect(await w.sale({ fingerprint: 'fp-code', manual_code: row.code }, at(DAY))).toMatchObject({ affiliateId: a.id, method: 'fingerprint' });
    // outside the click's window the code decides under either precedence
    expect(await w.sale(both, at(31 * DAY))).toMatchObject({ affiliateId: b.id, method: 'code' });
  });

  it("an affiliate in no campaign: the workspace's default campaign decides", async () => {
    const w = await world({ model: 'last_click' }, { model: 'last_click' });
    const [c0, c1] = w.camps;
    const row = await w.code(c1.y.id, `dflt${w.ws.id.slice(-4)}`);
    await api.db.update(affiliates).set({ campaignId: null }).where(eq(affiliates.id, c1.y.id));
    const v = await w.click({ ref: c1.x.ref }, at(0));
    const both = { visitor_id: v.visitorId, manual_code: row.code };
    await w.precedence(c1.id, 'code');
    expect(await w.sale(both, at(DAY))).toMatchObject({ affiliateId: c1.x.id, method: 'cookie' });
    // C0, the oldest active campaign, is the default
    await w.precedence(c0.id, 'code');
    expect(await w.sale(both, at(DAY))).toMatchObject({ affiliateId: c1.y.id, method: 'code' });
  });

  it('a customer already attributed keeps its affiliate under either precedence (renewals)', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const row = await w.code(c.y.id, `renew${w.ws.id.slice(-4)}`);
    await w.precedence(c.id, 'code');
    expect(await w.sale({ ref: c.x.ref, customer_id: 'cus_code' }, at(0))).toMatchObject({ affiliateId: c.x.id, method: 'ref' });
    expect(await w.sale({ customer_id: 'cus_code', manual_code: row.code }, at(DAY))).toMatchObject({ affiliateId: c.x.id, method: 'customer' });
    // a new customer with the code is the code's
    expect(await w.sale({ customer_id: 'cus_new', manual_code: row.code }, at(DAY))).toMatchObject({ affiliateId: c.y.id, method: 'code' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { at, DAY, world as worldOn, type CampaignOpts } from '../../testing/attribution-world';

// Attribution end to end through /v1: each match method (cookie, fingerprint, ip + user agent,
// manual code, ref, existing customer), their precedence, and re-attribution after a later click.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
const world = (...specs: CampaignOpts[]) => worldOn(api, ...specs);

describe('match methods and their precedence', () => {
  it('fingerprint: the same device without a cookie, confidence below 1 and fading with age', async () => {
    const w = await world({ model: 'last_click', windowDays: 10 });
    const [c] = w.camps;
    await w.click({ ref: c.x.ref, fingerprint: 'fp-dev-1' }, at(0));
    const b = await w.click({ ref: c.y.ref, fingerprint: 'fp-dev-1' }, at(DAY));
    const fresh = await w.sale({ fingerprint: 'fp-dev-1' }, at(DAY));
    expect(fresh).toMatchObject({ affiliateId: c.y.id, method: 'fingerprint', chosen: b.clickId, confidence: 0.9 });
    const older = await w.sale({ fingerprint: 'fp-dev-1' }, at(6 * DAY));
    expect(older).toMatchObject({ affiliateId: c.y.id, method: 'fingerprint', confidence: 0.45 });
    expect(await w.sale({ fingerprint: 'fp-dev-1' }, at(11 * DAY))).toMatchObject({ affiliateId: null });
  });

  it('ip + user agent: below a fingerprint, only when both match', async () => {
    const w = await world({ model: 'first_click', windowDays: 10 });
    const [c] = w.camps;
    const net = { ip: '198.51.100.20', user_agent: 'Mozilla/5.0 (X11) attribution-test' };
    const a = await w.click({ ref: c.x.ref, ...net }, at(0));
    await w.click({ ref: c.y.ref, ...net }, at(DAY));
    const got = await w.sale(net, at(5 * DAY));
    expect(got).toMatchObject({ affiliateId: c.x.id, method: 'ip', model: 'first_click', chosen: a.clickId, confidence: 0.3 });
    expect(await w.sale({ ip: net.ip, user_agent: 'another browser' }, at(5 * DAY))).toMatchObject({ affiliateId: null });
  });

  it('visitor_id beats fingerprint beats ip; an expired cookie falls through to the next method', async () => {
    const w = await world({ model: 'last_click', windowDays: 5 });
    const [c] = w.camps;
    const net = { ip: '198.51.100.30', user_agent: 'UA precedence' };
    const byCookie = await w.click({ ref: c.x.ref, visitor_id: 'v_prec_cookie' }, at(0));
    await w.click({ ref: c.y.ref, fingerprint: 'fp-prec' }, at(3 * DAY));
    await w.click({ ref: c.x.ref, ...net }, at(4 * DAY));
    const all = { visitor_id: byCookie.visitorId, fingerprint: 'fp-prec', ...net };
    expect(await w.sale(all, at(4 * DAY))).toMatchObject({ affiliateId: c.x.id, method: 'cookie' });
    expect(await w.sale({ ...all, visitor_id: 'v_never_seen' }, at(4 * DAY))).toMatchObject({ affiliateId: c.y.id, method: 'fingerprint' });
    // the cookie's click is 5 days old now: out of the window, so the fingerprint decides
    expect(await w.sale(all, at(5 * DAY))).toMatchObject({ affiliateId: c.y.id, method: 'fingerprint' });
    // and once the fingerprint's click ages out too, ip + user agent
    expect(await w.sale(all, at(8 * DAY))).toMatchObject({ affiliateId: c.x.id, method: 'ip' });
    expect(await w.sale(all, at(9 * DAY))).toMatchObject({ affiliateId: null });
  });

  it('a manual code beats a ref, and any matched click beats both', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    expect(await w.sale({ ref: c.x.ref }, at(0))).toMatchObject({ affiliateId: c.x.id, method: 'ref', confidence: 1 });
    expect(await w.sale({ manual_code: c.y.ref.toUpperCase() }, at(0))).toMatchObject({ affiliateId: c.y.id, method: 'manual_code' });
    expect(await w.sale({ manual_code: c.y.ref, ref: c.x.ref }, at(0))).toMatchObject({ affiliateId: c.y.id, method: 'manual_code' });
    const v = await w.click({ ref: c.x.ref }, at(0));
    expect(await w.sale({ visitor_id: v.visitorId, manual_code: c.y.ref }, at(DAY))).toMatchObject({ affiliateId: c.x.id, method: 'cookie' });
    // an unknown code attributes nothing; a visitor without clicks falls through to the code
    expect(await w.sale({ manual_code: 'nobody-here' }, at(0))).toMatchObject({ affiliateId: null });
    expect(await w.sale({ visitor_id: 'v_no_clicks', manual_code: c.y.ref }, at(0))).toMatchObject({ affiliateId: c.y.id, method: 'manual_code' });
  });

  it('an existing customer keeps its affiliate over a later click by someone else', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const v = await w.click({ ref: c.x.ref }, at(0));
    expect(await w.sale({ visitor_id: v.visitorId, customer_id: 'cus_1' }, at(DAY))).toMatchObject({ affiliateId: c.x.id, method: 'cookie' });
    await w.click({ ref: c.y.ref, visitor_id: v.visitorId }, at(2 * DAY));
    const renewal = await w.sale({ visitor_id: v.visitorId, customer_id: 'cus_1' }, at(3 * DAY));
    expect(renewal).toMatchObject({ affiliateId: c.x.id, method: 'customer', confidence: 1 });
    // the customer alone is enough, long after the cookie window
    expect(await w.sale({ customer_id: 'cus_1' }, at(400 * DAY))).toMatchObject({ affiliateId: c.x.id, method: 'customer' });
    // a test sale never makes a customer
    await w.sale({ ref: c.x.ref, customer_id: 'cus_test', is_test: true }, at(0));
    expect(await w.sale({ visitor_id: v.visitorId, customer_id: 'cus_test' }, at(3 * DAY))).toMatchObject({ affiliateId: c.y.id, method: 'cookie' });
  });

  it('a suspended affiliate earns nothing: not its customers, clicks, code or ref', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    await w.sale({ ref: c.x.ref, customer_id: 'cus_s' }, at(0));
    const v = await w.click({ ref: c.y.ref }, at(DAY));
    await w.click({ ref: c.x.ref, visitor_id: v.visitorId }, at(DAY + 1));
    await w.ok('PATCH', `/v1/affiliates/${c.x.id}`, { status: 'suspended' });
    expect(await w.sale({ visitor_id: v.visitorId, customer_id: 'cus_s' }, at(2 * DAY))).toMatchObject({ affiliateId: c.y.id, method: 'cookie' });
    expect(await w.sale({ manual_code: c.x.ref }, at(DAY))).toMatchObject({ affiliateId: null });
    expect(await w.sale({ ref: c.x.ref }, at(DAY))).toMatchObject({ affiliateId: null });
  });
});

describe('re-attribution after a later click', () => {
  it('last_click: the next sale of the same visitor goes to the affiliate clicked since', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const v = await w.click({ ref: c.x.ref }, at(0));
    const one = await w.sale({ visitor_id: v.visitorId }, at(DAY));
    await w.click({ ref: c.y.ref, visitor_id: v.visitorId }, at(2 * DAY));
    const two = await w.sale({ visitor_id: v.visitorId }, at(3 * DAY));
    expect([one.affiliateId, two.affiliateId]).toEqual([c.x.id, c.y.id]);
    expect([one.commission?.affiliateId, two.commission?.affiliateId]).toEqual([c.x.id, c.y.id]);
    // the first sale is not moved by the later click
    const again = (await api.call('GET', `/v1/conversions/${one.id}`, { token: w.token })).body.data;
    expect(again.affiliate_id).toBe(c.x.id);
  });

  it('first_click: a later click changes nothing while the first touch is in the window', async () => {
    const w = await world({ model: 'first_click' });
    const [c] = w.camps;
    const v = await w.click({ ref: c.x.ref }, at(0));
    await w.sale({ visitor_id: v.visitorId }, at(DAY));
    await w.click({ ref: c.y.ref, visitor_id: v.visitorId }, at(2 * DAY));
    expect(await w.sale({ visitor_id: v.visitorId }, at(3 * DAY))).toMatchObject({ affiliateId: c.x.id });
    expect(await w.sale({ visitor_id: v.visitorId }, at(30 * DAY))).toMatchObject({ affiliateId: c.y.id });
  });

  it('a manager moving a sale moves its commission to the new affiliate', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const v = await w.click({ ref: c.x.ref }, at(0));
    const s = await w.sale({ visitor_id: v.visitorId }, at(DAY));
    await w.ok('PATCH', `/v1/conversions/${s.id}`, { affiliate_id: c.y.id });
    const rows = (await api.call('GET', `/v1/commissions?conversion_id=${s.id}`, { token: w.token })).body.data;
    const live = (id: string) => rows.filter((r: { affiliate_id: string; status: string }) => r.affiliate_id === id && r.status !== 'reversed');
    expect(live(c.x.id)).toHaveLength(0);
    expect(live(c.y.id).map((r: { amount: number }) => r.amount)).toEqual([3_000]);
    const receipt = (await api.call('GET', `/v1/conversions/${s.id}/attribution`, { token: w.token })).body.data;
    expect(receipt.reattributed).toMatchObject({ from: c.x.id, to: c.y.id });
  });
});

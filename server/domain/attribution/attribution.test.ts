import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api';
import { at, DAY, world as worldOn, type CampaignOpts } from '../../testing/attribution-world';

// Attribution end to end through /v1 (docs/attribution.md#how-a-conversion-finds-its-affiliate): several touches
// per visitor across affiliates and campaigns, first vs last click, the cookie window's edges.
// Every scenario gives each model a different right answer, so swapping first_click and
// last_click fails here. Methods and re-attribution: attribution-methods.test.ts.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
const world = (...specs: CampaignOpts[]) => worldOn(api, ...specs);

describe('first vs last click, one visitor, several affiliates', () => {
  it('last_click: the most recent touch in the window earns the sale and the commission', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const first = await w.click({ ref: c.x.ref }, at(0));
    const mid = await w.click({ ref: c.y.ref, visitor_id: first.visitorId }, at(DAY));
    const last = await w.click({ ref: c.x.ref, visitor_id: first.visitorId }, at(2 * DAY));
    const got = await w.sale({ visitor_id: first.visitorId }, at(3 * DAY));
    expect(got).toMatchObject({ affiliateId: c.x.id, method: 'cookie', model: 'last_click', chosen: last.clickId, confidence: 1 });
    expect(got.touches.map((t) => t.click_id)).toEqual([first.clickId, mid.clickId, last.clickId]);
    expect(got.commission).toEqual({ affiliateId: c.x.id, amount: 3_000 });

    // The same visitor's touches, but the last one by y: y earns.
    const v2 = await w.click({ ref: c.x.ref }, at(0));
    const y = await w.click({ ref: c.y.ref, visitor_id: v2.visitorId }, at(DAY));
    expect(await w.sale({ visitor_id: v2.visitorId }, at(2 * DAY))).toMatchObject({ affiliateId: c.y.id, chosen: y.clickId });
  });

  it('first_click: the oldest touch in the window earns, however many came after', async () => {
    const w = await world({ model: 'first_click' });
    const [c] = w.camps;
    const first = await w.click({ ref: c.y.ref }, at(0));
    await w.click({ ref: c.x.ref, visitor_id: first.visitorId }, at(DAY));
    await w.click({ ref: c.x.ref, visitor_id: first.visitorId }, at(2 * DAY));
    const got = await w.sale({ visitor_id: first.visitorId }, at(3 * DAY));
    expect(got).toMatchObject({ affiliateId: c.y.id, method: 'cookie', model: 'first_click', chosen: first.clickId });
    expect(got.touches).toHaveLength(3);
    expect(got.commission).toEqual({ affiliateId: c.y.id, amount: 3_000 });
  });

  it('across campaigns the campaign of the latest touch decides the model, among its own touches', async () => {
    const w = await world({ model: 'last_click' }, { model: 'first_click' });
    const [last, first] = w.camps;
    // last_click campaign touched last: its latest touch wins, whatever came first elsewhere.
    const v = await w.click({ ref: first.x.ref }, at(0));
    await w.click({ ref: last.x.ref, visitor_id: v.visitorId }, at(DAY));
    const won = await w.click({ ref: last.y.ref, visitor_id: v.visitorId }, at(2 * DAY));
    expect(await w.sale({ visitor_id: v.visitorId }, at(3 * DAY))).toMatchObject({ affiliateId: last.y.id, model: 'last_click', chosen: won.clickId });

    // first_click campaign touched last: its first touch wins, not an older one of another campaign.
    const u = await w.click({ ref: last.x.ref }, at(0));
    const firstOfCampaign = await w.click({ ref: first.y.ref, visitor_id: u.visitorId }, at(DAY));
    await w.click({ ref: first.x.ref, visitor_id: u.visitorId }, at(2 * DAY));
    const got = await w.sale({ visitor_id: u.visitorId }, at(3 * DAY));
    expect(got).toMatchObject({ affiliateId: first.y.id, model: 'first_click', chosen: firstOfCampaign.clickId });
    expect(got.touches).toHaveLength(3);
  });

  it('a touch after the sale does not count (a backfilled sale keeps its own past)', async () => {
    const w = await world({ model: 'last_click' });
    const [c] = w.camps;
    const v = await w.click({ ref: c.x.ref }, at(0));
    await w.click({ ref: c.y.ref, visitor_id: v.visitorId }, at(2 * DAY));
    const got = await w.sale({ visitor_id: v.visitorId }, at(DAY));
    expect(got).toMatchObject({ affiliateId: c.x.id, chosen: v.clickId });
    expect(got.touches).toHaveLength(1);
  });
});

describe('the cookie window: inside, exactly at, past', () => {
  it('counts a click up to the last millisecond of the window and not at or after its end', async () => {
    const w = await world({ model: 'last_click', windowDays: 7 });
    const [c] = w.camps;
    const v = await w.click({ ref: c.x.ref }, at(0));
    expect(await w.sale({ visitor_id: v.visitorId }, at(7 * DAY - 1))).toMatchObject({ affiliateId: c.x.id, method: 'cookie' });
    // exactly window days old: the cookie has expired (the window is (sale - days, sale])
    expect(await w.sale({ visitor_id: v.visitorId }, at(7 * DAY))).toMatchObject({ affiliateId: null });
    expect(await w.sale({ visitor_id: v.visitorId }, at(7 * DAY + 1))).toMatchObject({ affiliateId: null });
    expect(await w.sale({ visitor_id: v.visitorId }, at(30 * DAY))).toMatchObject({ affiliateId: null });
  });

  it('first_click: the first touch wins until it ages out, then the next one inside the window', async () => {
    const w = await world({ model: 'first_click', windowDays: 7 });
    const [c] = w.camps;
    const v = await w.click({ ref: c.x.ref }, at(0));
    const second = await w.click({ ref: c.y.ref, visitor_id: v.visitorId }, at(3 * DAY));
    expect(await w.sale({ visitor_id: v.visitorId }, at(7 * DAY - 1))).toMatchObject({ affiliateId: c.x.id, chosen: v.clickId });
    const edge = await w.sale({ visitor_id: v.visitorId }, at(7 * DAY));
    expect(edge).toMatchObject({ affiliateId: c.y.id, chosen: second.clickId });
    expect(edge.touches).toHaveLength(1);
    expect(await w.sale({ visitor_id: v.visitorId }, at(10 * DAY - 1))).toMatchObject({ affiliateId: c.y.id });
    expect(await w.sale({ visitor_id: v.visitorId }, at(10 * DAY))).toMatchObject({ affiliateId: null });
  });

  it('each campaign keeps its own window', async () => {
    const w = await world({ model: 'last_click', windowDays: 2 }, { model: 'last_click', windowDays: 30 });
    const [short, long] = w.camps;
    const v = await w.click({ ref: long.x.ref }, at(0));
    await w.click({ ref: short.x.ref, visitor_id: v.visitorId }, at(DAY));
    // The short campaign's later click has expired after 2 days; the long campaign's has not.
    expect(await w.sale({ visitor_id: v.visitorId }, at(3 * DAY))).toMatchObject({ affiliateId: long.x.id });
    expect(await w.sale({ visitor_id: v.visitorId }, at(3 * DAY - 1))).toMatchObject({ affiliateId: short.x.id });
  });
});

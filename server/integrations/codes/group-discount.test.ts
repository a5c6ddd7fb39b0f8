import { describe, expect, it } from 'vitest';
import { codesWorld } from '../../testing/codes-world';

// A partner group's discount replaces the campaign's for its affiliates' codes
// (docs/groups-bounties-recruiters.md#discount): the sync pushes them under the group's coupon.
const { w, codeShop, newCode, codeRow, linksOf, sync } = codesWorld();

describe("a group's discount", () => {
  it("replaces the campaign's for the codes of its affiliates, and follows a move and a change", async () => {
    const shop = await codeShop('gd1');
    const api = w.h.api;
    const token = shop.program.token;
    const group = (await api.call('POST', '/v1/groups', { token, body: { name: 'VIP', slug: 'vip', customer_discount: { type: 'percent', amount: 30 } } })).body.data;
    const code = await newCode(shop, 'SAVEgd1');
    const other = await newCode(shop, 'OTHERgd1', shop.program.b.id);
    await sync(shop);
    const campaignCoupon = (await linksOf(code.id))[0].couponId;
    expect(w.fs.account.coupons.find((c) => c.id === campaignCoupon)).toMatchObject({ percent_off: 12.5 });
    // A moves into the group: its code is pushed again, under the group's 30 % coupon
    expect((await api.call('PATCH', `/v1/affiliates/${shop.program.a.id}`, { token, body: { group_id: group.id } })).status).toBe(200);
    expect((await codeRow(code.id)).syncState).toBe('pending');
    await sync(shop);
    const active = (await linksOf(code.id)).filter((l) => l.active);
    expect(active).toHaveLength(1);
    expect(w.fs.account.coupons.find((c) => c.id === active[0].couponId)).toMatchObject({ percent_off: 30 });
    // B, still in the default group, keeps the campaign's discount
    expect((await linksOf(other.id)).filter((l) => l.active).map((l) => l.couponId)).toEqual([campaignCoupon]);
    // the group's discount removed: A's code goes back to the campaign's
    await api.call('PATCH', `/v1/groups/${group.id}`, { token, body: { customer_discount: null } });
    expect((await codeRow(code.id)).syncState).toBe('pending');
    await sync(shop);
    expect((await linksOf(code.id)).filter((l) => l.active).map((l) => l.couponId)).toEqual([campaignCoupon]);
  });
});

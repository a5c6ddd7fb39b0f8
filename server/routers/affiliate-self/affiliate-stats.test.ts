import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceSettings } from '@/db/schema';
import { startTestApi, type TestApi } from '../../testing/api';
import { affiliateToken, seedAffiliate, seedCampaign, seedClick, seedCommission, seedConversion } from '../../testing/seed';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const stats = async (token: string) => {
  const res = await api.call('GET', '/v1/affiliate/stats', { token });
  expect(res.status).toBe(200);
  expect(res.body.object).toBe('affiliate_stats');
  return res.body.data;
};

async function affiliateIn(currency?: string) {
  const ws = await api.workspace(['*']);
  if (currency) await api.db.update(workspaceSettings).set({ currency }).where(eq(workspaceSettings.workspaceId, ws.id));
  const camp = await seedCampaign(api.db, ws.id);
  const aff = await seedAffiliate(api.db, ws.id, { campaignId: camp.id });
  const o = { workspaceId: ws.id, affiliateId: aff.id, campaignId: camp.id };
  return { ws, o, token: await affiliateToken(api.db, ws.id, aff.id) };
}

describe('GET /v1/affiliate/stats', () => {
  it('is all zeros in the workspace currency for an affiliate with no activity', async () => {
    const { token } = await affiliateIn();
    expect(await stats(token)).toEqual({
      clicks: 0,
      leads: 0,
      sales: 0,
      revenue: 0,
      commissions: { pending: 0, approved: 0, paid: 0 },
      currency: 'usd',
      commissions_by_currency: [],
    });
  });

  it('counts standing leads and sales, nets refunds and clawbacks, skips tests, and lists other currencies apart', async () => {
    const { o, token } = await affiliateIn();
    for (let i = 0; i < 3; i++) await seedClick(api.db, o);
    const conv = (over: Parameters<typeof seedConversion>[2]) => seedConversion(api.db, o, over);
    const lead = await conv({ type: 'lead', status: 'confirmed', amount: 0 });
    const reversedLead = await conv({ type: 'lead', status: 'reversed', amount: 0 });
    const partlyRefunded = await conv({ status: 'pending', amount: 10_000, refundedAmount: 2_500 });
    const confirmed = await conv({ status: 'confirmed', amount: 5_000 });
    const refunded = await conv({ status: 'refunded', amount: 3_000, refundedAmount: 3_000 });
    const chargeback = await conv({ status: 'chargeback', amount: 2_000 });
    const euro = await conv({ status: 'confirmed', amount: 4_000, currency: 'eur' });
    const testSale = await conv({ status: 'confirmed', amount: 99_999, isTest: true });

    const k = { workspaceId: o.workspaceId, affiliateId: o.affiliateId };
    const com = (conversionId: string, over: Parameters<typeof seedCommission>[2]) => seedCommission(api.db, { ...k, conversionId }, over);
    await com(partlyRefunded.id, { amount: 1_000, status: 'pending' });
    await com(confirmed.id, { amount: 500, status: 'approved' });
    await com(confirmed.id, { amount: -200, status: 'approved', kind: 'clawback' });
    await com(lead.id, { amount: 700, status: 'paid' });
    await com(reversedLead.id, { amount: 300, status: 'denied' });
    await com(refunded.id, { amount: 400, status: 'reversed' });
    await com(chargeback.id, { amount: 60, status: 'reversed' });
    await com(euro.id, { amount: 50, status: 'pending', currency: 'eur' });
    await com(testSale.id, { amount: 9_999, status: 'approved' });

    expect(await stats(token)).toEqual({
      clicks: 3,
      leads: 1,
      sales: 3, // partly refunded, confirmed, euro
      revenue: 12_500, // (10000 - 2500) + 5000; the euro sale is not usd
      commissions: { pending: 1_000, approved: 300, paid: 700 },
      currency: 'usd',
      // every currency beside it: the euro commission is not dropped, and not added to dollars
      commissions_by_currency: [
        { currency: 'usd', pending: 1_000, approved: 300, paid: 700 },
        { currency: 'eur', pending: 50, approved: 0, paid: 0 },
      ],
    });
  });

  it('labels and sums in the workspace currency', async () => {
    const { o, token } = await affiliateIn('eur');
    const sale = await seedConversion(api.db, o, { amount: 4_000, currency: 'eur' });
    await seedConversion(api.db, o, { amount: 1_000, currency: 'usd' });
    await seedCommission(api.db, { workspaceId: o.workspaceId, affiliateId: o.affiliateId, conversionId: sale.id }, { amount: 400, currency: 'eur' });
    expect(await stats(token)).toMatchObject({ sales: 2, revenue: 4_000, commissions: { pending: 400, approved: 0, paid: 0 }, currency: 'eur' });
  });
});

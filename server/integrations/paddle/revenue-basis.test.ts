import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeHarness, type StripeHarness } from '../../testing/stripe/harness';
import { saveIntegration } from '../settings';
import { adjustment, paddleNotification, pid, transaction } from '../../testing/paddle/objects';
import { paddle } from './provider';

// Paddle reports both tax and its fee on a completed transaction (details.totals): a campaign on
// the net basis earns on the grand total less both (docs/commissions.md#revenue-basis).
const SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';

let h: StripeHarness;
beforeAll(async () => {
  h = await startStripeHarness();
});
afterAll(() => h.close());

async function paddleShop(prefix: string) {
  const shop = await h.shop({ prefix });
  await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: SECRET } });
  const path = `/integrations/paddle/${shop.program.ws.publicId}`;
  const send = async (type: string, data: object) => {
    const { body, header } = paddleNotification(type, data, SECRET);
    return h.post(path, body, { 'Paddle-Signature': header });
  };
  const basis = (exclude_tax: boolean, exclude_fees: boolean) =>
    h.api.call('PATCH', `/v1/campaigns/${shop.program.campaign.id}`, { token: shop.program.token, body: { commission_basis: { exclude_tax, exclude_fees } } });
  return { ...shop, send, basis };
}

describe('Paddle sales on the revenue basis', () => {
  it('a transaction with tax and fee earns on what is left after both, and a partial refund shrinks it pro rata', async () => {
    const shop = await paddleShop('pnet');
    expect((await shop.basis(true, true)).status).toBe(200);
    const visitor = await shop.click();
    const customer = pid('ctm');
    const txn = transaction({
      customer, subscription: pid('sub'), origin: 'web', product: pid('pro'), amount: 12_000, tax: 2_000, fee: 650,
      billedAt: new Date(Date.now() + 1000).toISOString(), customData: { refcount_visitor_id: visitor },
    });
    expect((await shop.send('transaction.completed', txn)).body).toMatchObject({ status: 'applied', action: 'conversion_created' });
    const conv = await shop.conversionOf(txn.id);
    expect(conv).toMatchObject({ amount: 12_000, tax: 2_000, fee: 650 });
    // 30 % of 12000 − 2000 − 650 = 9350 → 2805
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([2_805]);
    const receipt = (await h.api.call('GET', `/v1/conversions/${conv.id}/attribution`, { token: shop.program.token })).body.data;
    expect(receipt.revenue_basis).toEqual({ amount: 12_000, tax: 2_000, fee: 650, excluded: ['tax', 'fee'], not_reported: [], basis: 9_350 });

    // 3000 of 12000 refunded: 2805 × 9000 / 12000 = 2103.75 → 2104
    const refund = adjustment({ transaction: txn.id, customer, action: 'refund', status: 'approved', amount: 3_000 });
    expect((await shop.send('adjustment.created', refund)).body).toMatchObject({ status: 'applied', action: 'refund_applied' });
    expect(await shop.conversionOf(txn.id)).toMatchObject({ refundedAmount: 3_000 });
    expect((await shop.commissionsOf(conv.id)).map((c) => c.amount)).toEqual([2_104]);
  });
});

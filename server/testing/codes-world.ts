import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { affiliateCodeLinks, affiliateCodes, campaigns } from '@/db/schema';
import { discountColumns, type CustomerDiscountInput } from '../contracts/campaign';
import { setProviderApiBases } from '../integrations/provider-api';
import { saveIntegration } from '../integrations/settings';
import { paddle } from '../integrations/paddle/provider';
import { stripe } from '../integrations/stripe/provider';
import { startFakePaddle, type FakePaddle } from './paddle/fake-api';
import { pid } from './paddle/objects';
import { startFakeStripe, type FakeStripe } from './stripe/fake-api';
import { startStripeHarness, type Shop, type StripeHarness } from './stripe/harness';
import { sid } from './stripe/ids';
import { syncWorkspaceCodes } from '../integrations/codes/sync';

// The world of the code sync tests (server/integrations/codes/sync-*.test.ts): the real API and
// database, and local fakes of Stripe and Paddle that the official clients are pointed at.

/** Registers the file's beforeAll/afterAll; the returned helpers are used inside tests. */
export function codesWorld() {
  const w = {} as { h: StripeHarness; fs: FakeStripe; fp: FakePaddle };
  beforeAll(async () => {
    w.h = await startStripeHarness();
    w.fs = await startFakeStripe();
    w.fp = await startFakePaddle();
    setProviderApiBases({ stripe: w.fs.url, paddle: w.fp.url });
  });
  afterAll(async () => {
    await w.fs.close();
    await w.fp.close();
    await w.h.close();
  });

  const stripeKey = () => `rk_test_${sid('k').replace(/[^A-Za-z0-9]/g, '')}Zq9`;
  const paddleKey = () => `pdl_sdbx_apikey_${pid('k').replace(/[^A-Za-z0-9]/g, '')}_Zq9x`;
  const PADDLE_SECRET = 'pdl_ntfset_01htest0000000000000000000_s3cr3tK3yF0rT3sts';

  type Discount = { type: 'percent' | 'amount'; amount: number; currency?: string; duration?: string; duration_months?: number };

  /** A shop with a campaign discount, Stripe and/or Paddle connected with an API key. */
  async function codeShop(prefix: string, { discount, providers = ['stripe'] }: { discount?: Discount | null; providers?: ('stripe' | 'paddle')[] } = {}) {
    const shop = await w.h.shop({ prefix });
    const keys: { stripe?: string; paddle?: string } = {};
    if (providers.includes('stripe')) {
      keys.stripe = stripeKey();
      w.fs.key(keys.stripe);
      await saveIntegration({ ctx: shop.ctx, provider: stripe, patch: { apiKey: keys.stripe } });
    }
    if (providers.includes('paddle')) {
      keys.paddle = paddleKey();
      w.fp.key(keys.paddle);
      await saveIntegration({ ctx: shop.ctx, provider: paddle, patch: { secret: PADDLE_SECRET, apiKey: keys.paddle } });
    }
    // the first discount straight into its columns: through the API it would also give the shop's
    // affiliates generated codes (docs/codes.md#lifecycle), and these tests make their own
    const first = discount === null ? null : (discount ?? { type: 'percent', amount: 12.5, duration: 'repeating', duration_months: 3 });
    if (first) await w.h.api.db.update(campaigns).set(discountColumns(first as CustomerDiscountInput)).where(eq(campaigns.id, shop.program.campaign.id));
    return { ...shop, keys };
  }

  async function setDiscount(shop: Shop, discount: Discount | null) {
    const res = await w.h.api.call('PATCH', `/v1/campaigns/${shop.program.campaign.id}`, { token: shop.program.token, body: { customer_discount: discount } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  /** A code as the codes domain inserts one: active, pending. */
  async function newCode(shop: Shop, code: string, affiliateId = shop.program.a.id) {
    const [row] = await w.h.api.db
      .insert(affiliateCodes)
      .values({ workspaceId: shop.program.ws.id, affiliateId, code, codeKey: code.toLowerCase(), source: 'generated' })
      .returning();
    return row;
  }

  const codeRow = async (id: string) => (await w.h.api.db.select().from(affiliateCodes).where(eq(affiliateCodes.id, id)))[0];
  const linksOf = (codeId: string) => w.h.api.db.select().from(affiliateCodeLinks).where(eq(affiliateCodeLinks.codeId, codeId));
  const pend = (id: string, set: Partial<typeof affiliateCodes.$inferInsert> = {}) =>
    w.h.api.db.update(affiliateCodes).set({ syncState: 'pending', ...set }).where(eq(affiliateCodes.id, id));
  const sync = (shop: Shop) => syncWorkspaceCodes(w.h.api.db, shop.program.ws.id);
  const promo = (id: string) => w.fs.account.promotionCodes.find((p) => p.id === id)!;

  return { w, codeShop, setDiscount, newCode, codeRow, linksOf, pend, sync, promo, stripeKey, paddleKey };
}

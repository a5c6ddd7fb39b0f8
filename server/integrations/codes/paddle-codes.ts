import { ApiError, type CurrencyCode, type Paddle } from '@paddle/paddle-node-sdk';
import { paddleCall, paddleClient } from '../paddle/api';
import { paddleTerms } from './discount';
import { CodeRefused, type CodePusher, type DueCode } from './pusher';

// An affiliate code in Paddle Billing (docs/integrations/stripe.md "Paddle Billing", affiliate codes): a
// discount with the code, enabled for checkout. Paddle keeps a code on one discount for good
// (409 discount_code_conflict, archived ones included) and takes no idempotency key, so a create
// whose answer was lost meets its own discount on the retry: found by the code and our
// custom_data, it is taken instead of a second one.

const description = (code: DueCode) => `Refcount affiliate code (${code.campaignName})`.slice(0, 200);

async function create(paddle: Paddle, code: DueCode, discount: NonNullable<DueCode['discount']>) {
  const terms = paddleTerms(discount);
  try {
    return await paddle.discounts.create({
      ...terms,
      currencyCode: terms.currencyCode as CurrencyCode | null,
      description: description(code),
      enabledForCheckout: true,
      code: code.code,
      customData: { refcount_code_id: code.id, refcount_affiliate_id: code.affiliateId, refcount_campaign_id: discount.campaignId },
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'discount_code_conflict') return null;
    throw err;
  }
}

export function paddlePusher(apiKey: string): CodePusher {
  const paddle = paddleClient(apiKey);
  return {
    provider: 'paddle',
    label: 'Paddle',
    repricesInPlace: true,
    async create(code, discount) {
      const made = await paddleCall('creating the discount', () => create(paddle, code, discount));
      if (made) return { objectId: made.id, couponId: null };
      const found = await paddleCall('finding the discount', () => paddle.discounts.list({ code: [code.code], perPage: 10 }).next());
      const ours = found.find((d) => d.customData?.refcount_code_id === code.id);
      if (!ours) throw new CodeRefused(`another discount has the code "${code.code}": link that discount to the affiliate instead`);
      const terms = paddleTerms(discount);
      // the one an earlier run made: brought to this discount's terms and back to active
      await paddleCall('updating the discount', () => paddle.discounts.update(ours.id, { ...terms, currencyCode: terms.currencyCode as CurrencyCode | null, status: 'active' }));
      return { objectId: ours.id, couponId: null };
    },
    async reprice(link, discount) {
      const terms = paddleTerms(discount);
      await paddleCall('updating the discount', () => paddle.discounts.update(link.objectId, { ...terms, currencyCode: terms.currencyCode as CurrencyCode | null }));
    },
    async setActive(link, active) {
      await paddleCall(active ? 'reactivating the discount' : 'archiving the discount', () => paddle.discounts.update(link.objectId, { status: active ? 'active' : 'archived' }));
    },
  };
}

import Stripe from 'stripe';
import { failureOf, ProviderApiError } from '../provider-api';
import { stripeClient } from '../stripe/api';
import { stripeCoupon } from './discount';
import { CodeRefused, type CodePusher, type DueCode, type MadeObject } from './pusher';

// An affiliate code in Stripe (docs/integrations/stripe.md "Affiliate codes"): a promotion code
// under the coupon of its campaign's discount. A job retried after a lost answer never makes a
// second object: the coupon's id is ours (derived from the campaign and the discount: Stripe
// refuses a second with it), and the promotion code's create carries an idempotency key derived
// from our ids; past Stripe's 24 hours, the code's text (unique among active promotion codes)
// finds it again.

class AlreadyExists extends Error {}

async function write<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      if (err.code === 'resource_already_exists') throw new AlreadyExists(what);
      // never Stripe's message: it can quote the key
      throw new ProviderApiError(failureOf(err.statusCode), err.statusCode ?? null, what);
    }
    throw new ProviderApiError('unavailable', null, what);
  }
}

export function stripePusher(apiKey: string): CodePusher {
  const stripe = stripeClient(apiKey);

  async function ensureCoupon(code: DueCode, discount: NonNullable<DueCode['discount']>) {
    const coupon = stripeCoupon(discount, code.campaignName);
    try {
      // No idempotency key: the id is one, and a key would refuse the same coupon asked again
      // with another name (the campaign renamed within Stripe's 24 hours).
      await write('creating the coupon', () => stripe.coupons.create(coupon));
    } catch (err) {
      // Its id is ours: made by an earlier run, or by another code of the campaign.
      if (!(err instanceof AlreadyExists)) throw err;
    }
    return coupon.id;
  }

  /** The promotion code an earlier run made for this code under this coupon, if Stripe has it active. */
  async function madeBefore(code: DueCode, couponId: string): Promise<MadeObject | null> {
    const page = await write('finding the promotion code', () => stripe.promotionCodes.list({ code: code.code, active: true, limit: 10 }));
    const ours = page.data.find((p) => p.metadata?.refcount_code_id === code.id && (typeof p.promotion.coupon === 'string' ? p.promotion.coupon : p.promotion.coupon?.id) === couponId);
    return ours ? { objectId: ours.id, couponId } : null;
  }

  return {
    provider: 'stripe',
    label: 'Stripe',
    repricesInPlace: false,
    async create(code, discount) {
      const couponId = await ensureCoupon(code, discount);
      const params: Stripe.PromotionCodeCreateParams = {
        promotion: { type: 'coupon', coupon: couponId },
        code: code.code,
        metadata: { refcount_affiliate_id: code.affiliateId, refcount_code_id: code.id },
      };
      try {
        const made = await write('creating the promotion code', () => stripe.promotionCodes.create(params, { idempotencyKey: `refcount-promotion-code-${code.id}-${couponId}-${code.code}` }));
        return { objectId: made.id, couponId };
      } catch (err) {
        if (!(err instanceof AlreadyExists) && !(err instanceof ProviderApiError && err.failure === 'refused')) throw err;
        const found = await madeBefore(code, couponId);
        if (found) return found;
        throw new CodeRefused(`an active promotion code "${code.code}" exists that Refcount did not make: deactivate it in Stripe, or link it to the affiliate`);
      }
    },
    async reprice() {
      throw new Error('Stripe coupons cannot change: a new discount gets a new promotion code');
    },
    async setActive(link, active) {
      await write(active ? 'reactivating the promotion code' : 'deactivating the promotion code', () => stripe.promotionCodes.update(link.objectId, { active }));
    },
  };
}

import type Stripe from 'stripe';
import { NOW, sid } from './ids';

// The Stripe fake's writes for affiliate codes (docs/codes.md): coupons and promotion codes, with
// Stripe's refusals (a taken code, a missing coupon). They share the account's coupons with the
// billing writes of rewards (fake-billing.ts); fake-api.ts routes POSTs here after Idempotency-Key.

export type Send = (status: number, body: unknown) => void;
export type Fail = (status: number, message: string, type?: string, code?: string) => void;
type Account = { coupons: Stripe.Coupon[]; promotionCodes: Stripe.PromotionCode[] };

export const metadataOf = (m: unknown): Record<string, string> => (m && typeof m === 'object' ? (m as Record<string, string>) : {});

/** A coupon as Stripe answers POST /v1/coupons. */
function couponOf(b: Record<string, unknown>): Stripe.Coupon {
  return {
    id: typeof b.id === 'string' ? b.id : sid('coupon'),
    object: 'coupon',
    amount_off: b.amount_off ? Number(b.amount_off) : null,
    created: NOW,
    currency: typeof b.currency === 'string' ? b.currency : null,
    duration: String(b.duration ?? 'once'),
    duration_in_months: b.duration_in_months ? Number(b.duration_in_months) : null,
    livemode: true,
    max_redemptions: null,
    metadata: metadataOf(b.metadata),
    name: typeof b.name === 'string' ? b.name : null,
    percent_off: b.percent_off ? Number(b.percent_off) : null,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  };
}


const CODES_PATHS = /^\/v1\/(coupons|promotion_codes)(\/[^/]+)?$/;

/** POST /v1/coupons, /v1/coupons/{id}, /v1/promotion_codes and /v1/promotion_codes/{id}; false for any other path. */
export function codesWrite(account: Account, p: string, b: Record<string, unknown>, needs: (p: 'coupons_write' | 'promotion_codes_write') => boolean, send: Send, error: Fail): boolean {
  if (!CODES_PATHS.test(p)) return false;
  write(account, p, b, needs, send, error);
  return true;
}

function write(account: Account, p: string, b: Record<string, unknown>, needs: (p: 'coupons_write' | 'promotion_codes_write') => boolean, send: Send, error: Fail): void {
  let m: RegExpExecArray | null;
    if (p === '/v1/coupons') {
    if (!needs('coupons_write')) return;
    if (!b.percent_off && !b.amount_off) return error(400, 'Invalid coupon: must provide one of `percent_off` or `amount_off`.');
    if (b.amount_off && !b.currency) return error(400, 'You must pass a currency when creating a coupon with amount_off.');
    if (typeof b.id === 'string' && account.coupons.some((c) => c.id === b.id)) return error(400, 'Coupon already exists.', 'invalid_request_error', 'resource_already_exists');
    const coupon = couponOf(b);
    account.coupons.push(coupon);
    return send(200, coupon);
  }
  if (p === '/v1/promotion_codes') {
    if (!needs('promotion_codes_write')) return;
    const promotion = b.promotion as { coupon?: string; type?: string } | undefined;
    const coupon = account.coupons.find((c) => c.id === promotion?.coupon);
    if (!coupon) return error(400, `No such coupon: '${promotion?.coupon}'`, 'invalid_request_error', 'resource_missing');
    const code = String(b.code ?? '');
    // Stripe: the code text is unique among active promotion codes, whatever the case
    if (account.promotionCodes.some((c) => c.active && c.code.toLowerCase() === code.toLowerCase())) {
      return error(400, `An active promotion code with \`code: ${code}\` already exists.`, 'invalid_request_error', 'resource_already_exists');
    }
    const made: Stripe.PromotionCode = {
      id: sid('promo'),
      object: 'promotion_code',
      active: true,
      code,
      created: NOW,
      customer: null,
      customer_account: null,
      expires_at: null,
      livemode: true,
      max_redemptions: null,
      metadata: metadataOf(b.metadata),
      promotion: { coupon: coupon.id, type: 'coupon' },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
    account.promotionCodes.push(made);
    return send(200, made);
  }
  if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(p))) {
    if (!needs('coupons_write')) return;
    const found = account.coupons.find((c) => c.id === decodeURIComponent(m![1]));
    if (!found) return error(404, `No such coupon: '${m[1]}'`, 'invalid_request_error', 'resource_missing');
    if (typeof b.name === 'string') found.name = b.name;
    return send(200, found);
  }
  if ((m = /^\/v1\/promotion_codes\/([^/]+)$/.exec(p))) {
    if (!needs('promotion_codes_write')) return;
    const found = account.promotionCodes.find((c) => c.id === m![1]);
    if (!found) return error(404, `No such promotion code: '${m[1]}'`, 'invalid_request_error', 'resource_missing');
    if (b.active !== undefined) {
      const active = b.active === 'true';
      if (active && !found.active && account.promotionCodes.some((c) => c.active && c.code.toLowerCase() === found.code.toLowerCase())) {
        return error(400, `An active promotion code with \`code: ${found.code}\` already exists.`, 'invalid_request_error', 'resource_already_exists');
      }
      found.active = active;
    }
    if (b.metadata) found.metadata = { ...found.metadata, ...metadataOf(b.metadata) };
    return send(200, found);
  }
}

import type { Integration, IntegrationCtx } from '../provider';
import { absentOn, keyInUse as keyOf } from '../key-in-use';
import { noteObject, objectsOf } from '../payments-noted';
import { stripeCall, stripeClient } from './api';
import type { DiscountField } from './schemas';

// What an event leaves out, asked of the merchant's Stripe account when an API key is set
// (docs/integrations/stripe.md "API key"; server/integrations/key-in-use.ts says when it is not).

/**
 * The text of a promotion code a checkout names only by id (one created before Stripe was
 * connected, so no promotion_code.created told it). Remembered like the event's, so it is asked once.
 */
export async function promotionCodeText(ctx: IntegrationCtx, integration: Integration, id: string): Promise<string | null> {
  const key = keyOf(ctx, integration);
  if (!key) return null;
  try {
    const promo = await stripeCall('promotion code', () => stripeClient(key).promotionCodes.retrieve(id));
    await noteObject(ctx, { objectId: promo.id, kind: 'promotion_code', target: promo.code });
    return promo.code;
  } catch (err) {
    return absentOn(ctx, 'promotion code', err);
  }
}

/**
 * The product of a one-time Checkout payment: its line items are not part of the event. The
 * largest line's product, as for invoices (line-terms.ts), so product rules apply.
 */
export async function checkoutProductId(ctx: IntegrationCtx, integration: Integration, sessionId: string): Promise<string | null> {
  const key = keyOf(ctx, integration);
  if (!key) return null;
  try {
    const items = await stripeCall('checkout line items', () => stripeClient(key).checkout.sessions.listLineItems(sessionId, { limit: 100 }));
    if (!items.data.length) return null;
    const main = items.data.reduce((best, l) => (l.amount_total > best.amount_total ? l : best), items.data[0]);
    const product = main.price?.product;
    return typeof product === 'string' ? product : (product?.id ?? null);
  } catch (err) {
    return absentOn(ctx, 'checkout line items', err);
  }
}

/**
 * The text of the promotion code behind an invoice's discounts (an affiliate's code, on a
 * subscription made without Checkout): from discounts the payload carries with their promotion
 * code, else, as a webhook names discounts by id only, from the invoice read with its discounts
 * expanded. Each discount id is remembered with its code's text, so a renewal asks nothing again.
 */
export async function invoicePromotionCode(ctx: IntegrationCtx, integration: Integration, invoiceId: string, discounts: DiscountField[]): Promise<string | null> {
  if (!discounts.length) return null;
  const ids = discounts.map((d) => (typeof d === 'string' ? d : d.id));
  const [known] = await objectsOf(ctx, 'promotion_code', { ids });
  if (known) return known.target;
  let found: { id: string; promotion_code?: string | { code: string } | null }[] = discounts.filter((d) => typeof d !== 'string');
  if (!found.length) {
    const key = keyOf(ctx, integration);
    if (!key) return null;
    try {
      const inv = await stripeCall('invoice discounts', () => stripeClient(key).invoices.retrieve(invoiceId, { expand: ['discounts'] }));
      found = inv.discounts.filter((d) => typeof d !== 'string').map((d) => ({ id: d.id, promotion_code: d.promotion_code }));
    } catch (err) {
      return absentOn(ctx, 'invoice discounts', err);
    }
  }
  for (const d of found) {
    const p = d.promotion_code;
    const text = !p ? null : typeof p === 'object' ? p.code : ((await objectsOf(ctx, 'promotion_code', { ids: [p] }))[0]?.target ?? (await promotionCodeText(ctx, integration, p)));
    if (!text) continue;
    await noteObject(ctx, { objectId: d.id, kind: 'promotion_code', target: text });
    return text;
  }
  return null;
}

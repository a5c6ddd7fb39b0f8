import { productDeleted, syncProduct } from '../catalog';
import { applied, type Handler } from '../provider';
import { noteObject } from '../payments-noted';
import { noteMerchantState } from '../codes/merchant';
import { productSchema, promotionCodeSchema } from './schemas';

/** product.created|updated: the catalog gets the product's id and current name. */
export const productUpserted: Handler = async ({ ctx, object }) => {
  const p = productSchema.parse(object);
  return syncProduct({ ctx, providerProductId: p.id, rawName: p.name ?? p.id });
};

export const productRemoved: Handler = async ({ object }) => productDeleted(productSchema.parse(object).id);

/**
 * promotion_code.created|updated: remembers the code's text, which checkout names only by id; an
 * affiliate code's promotion code also notes whether the merchant deactivated it.
 */
export const promotionCodeUpserted: Handler = async ({ ctx, object }) => {
  const p = promotionCodeSchema.parse(object);
  await noteObject(ctx, { objectId: p.id, kind: 'promotion_code', target: p.code });
  if (p.active !== undefined && (await noteMerchantState(ctx, 'stripe', p.id, p.active))) {
    return applied('promotion_code_noted', `${p.id} is "${p.code}", an affiliate code, ${p.active ? 'active' : 'inactive'}`);
  }
  return applied('promotion_code_noted', `${p.id} is "${p.code}"`);
};

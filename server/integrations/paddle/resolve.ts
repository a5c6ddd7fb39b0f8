import { absentOn, keyInUse } from '../key-in-use';
import type { Integration, IntegrationCtx } from '../provider';
import { objectsOf, noteObject } from '../payments-noted';
import { paddleCall, paddleClient } from './api';

/**
 * The code of a discount a transaction names only by id (discount_id): an affiliate's code
 * attributes the sale. Known ones are remembered; others are read with the API key, once.
 */
export async function discountCode(ctx: IntegrationCtx, integration: Integration, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [known] = await objectsOf(ctx, 'promotion_code', { ids: [id] });
  if (known) return known.target;
  const key = keyInUse(ctx, integration);
  if (!key) return null;
  try {
    const discount = await paddleCall('discount', () => paddleClient(key).discounts.get(id));
    if (!discount.code) return null;
    await noteObject(ctx, { objectId: discount.id, kind: 'promotion_code', target: discount.code });
    return discount.code;
  } catch (err) {
    return absentOn(ctx, 'discount', err);
  }
}

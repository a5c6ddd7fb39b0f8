import { syncProduct } from '../catalog';
import type { Handler } from '../provider';
import { productSchema } from './schemas';

/** product.created|updated: the catalog gets the product's id and current name. */
export const productUpserted: Handler = async ({ ctx, object }) => {
  const p = productSchema.parse(object);
  return syncProduct({ ctx, providerProductId: p.id, rawName: p.name });
};

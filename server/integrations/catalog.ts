import { RefcountError } from '../errors/errors';
import { getProduct } from '../domain/products/products';
import { createProduct, updateProduct } from '../domain/products/write-product';
import { applied, ignored, type IntegrationCtx, type Outcome } from './provider';

const NAME_MAX = 200;

/**
 * A provider product created or renamed: the catalog gets its id and name through the products
 * domain (as POST/PATCH /v1/products). Whether it earns, and at which campaign's rate, stays
 * the manager's call in Refcount.
 */
export async function syncProduct({ ctx, providerProductId, rawName }: { ctx: IntegrationCtx; providerProductId: string; rawName: string }): Promise<Outcome> {
  const name = rawName.trim().slice(0, NAME_MAX) || providerProductId;
  const existing = await getProduct({ ctx, id: providerProductId }).catch((e: unknown) => {
    if (e instanceof RefcountError && e.code === 'link_not_found') return null;
    throw e;
  });
  if (!existing) {
    await createProduct({ ctx, input: { providerProductId, name } });
    return applied('product_created', `${providerProductId} "${name}" added to the catalog`);
  }
  if (existing.name === name) return ignored('product_unchanged', `${providerProductId} is already named "${name}"`);
  await updateProduct({ ctx, id: existing.id, patch: { name } });
  return applied('product_renamed', `${providerProductId} renamed from "${existing.name}" to "${name}"`);
}

/** A product deleted at the provider stays: rules and past sales name it. */
export const productDeleted = (providerProductId: string): Outcome =>
  ignored('product_kept', `${providerProductId} was deleted at the provider; the catalog keeps it because rules and past sales refer to it`);

import { and, eq } from 'drizzle-orm';
import { products } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import { presentProduct } from '../../contracts/product';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { referencedCampaign } from '../references';
import { getProduct, type Product } from './products';

type ProductFields = Pick<typeof products.$inferInsert, 'providerProductId' | 'name' | 'commissionable' | 'campaignId'>;
export type NewProduct = Pick<ProductFields, 'providerProductId' | 'name'> & Partial<ProductFields>;
export type ProductPatch = Partial<Omit<ProductFields, 'providerProductId'>>;

export async function createProduct({ ctx, input }: { ctx: ActingCtx; input: NewProduct }): Promise<Product> {
  if (input.campaignId) await referencedCampaign(ctx, input.campaignId);
  return ctx.db.transaction(async (tx) => {
    // The unique index decides between concurrent creates; nothing is read first to race on.
    const [row] = await tx
      .insert(products)
      .values({ ...input, workspaceId: ctx.workspaceId })
      .onConflictDoNothing({ target: [products.workspaceId, products.providerProductId] })
      .returning();
    if (!row) throw invalidState(`a product with provider_product_id ${input.providerProductId} already exists`);
    await addAuditEntry(tx, ctx, 'product.created', { type: 'product', id: row.id }, { after: presentProduct(row) });
    return row;
  });
}

export async function updateProduct({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: ProductPatch }): Promise<Product> {
  return ctx.db.transaction(async (tx) => {
    const product = await getProduct({ ctx: { ...ctx, db: tx }, id });
    if (patch.campaignId) await referencedCampaign({ ...ctx, db: tx }, patch.campaignId);
    const [row] = await tx
      .update(products)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, product.id)))
      .returning();
    await addAuditEntryIfChanged(tx, ctx, 'product.updated', { type: 'product', id: row.id }, presentProduct(product), presentProduct(row));
    return row;
  });
}

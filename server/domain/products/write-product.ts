import { and, eq } from 'drizzle-orm';
import { products } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import type { WorkspaceCtx } from '../context';
import { referencedCampaign } from '../references';
import { getProduct, type Product } from './products';

type ProductFields = Pick<typeof products.$inferInsert, 'providerProductId' | 'name' | 'commissionable' | 'campaignId'>;
export type NewProduct = Pick<ProductFields, 'providerProductId' | 'name'> & Partial<ProductFields>;
export type ProductPatch = Partial<Omit<ProductFields, 'providerProductId'>>;

export async function createProduct({ ctx, input }: { ctx: WorkspaceCtx; input: NewProduct }): Promise<Product> {
  if (input.campaignId) await referencedCampaign(ctx, input.campaignId);
  // The unique index decides between concurrent creates; nothing is read first to race on.
  const [row] = await ctx.db
    .insert(products)
    .values({ ...input, workspaceId: ctx.workspaceId })
    .onConflictDoNothing({ target: [products.workspaceId, products.providerProductId] })
    .returning();
  if (!row) throw invalidState(`a product with provider_product_id ${input.providerProductId} already exists`);
  return row;
}

export async function updateProduct({ ctx, id, patch }: { ctx: WorkspaceCtx; id: string; patch: ProductPatch }): Promise<Product> {
  const product = await getProduct({ ctx, id });
  if (patch.campaignId) await referencedCampaign(ctx, patch.campaignId);
  const [row] = await ctx.db
    .update(products)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.id, product.id)))
    .returning();
  return row;
}

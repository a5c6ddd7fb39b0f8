import { and, asc, desc, eq } from 'drizzle-orm';
import { products } from '@/db/schema';
import { notFound } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { referencedCampaign } from '../references';
import { MAX_OVERRIDES_SHOWN } from '../../contracts/limits';

export type Product = typeof products.$inferSelect;

async function findProduct(ctx: WorkspaceCtx, column: typeof products.id | typeof products.providerProductId, value: string) {
  const [row] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(column, value)));
  return row;
}

/**
 * A product addressed by the service's uuid or the provider's id (`prod_…`). A uuid-shaped
 * provider id still resolves: the service's own id is tried first.
 */
export async function getProduct({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Product> {
  const row =
    (isUuid(id) ? await findProduct(ctx, products.id, id) : undefined) ?? (await findProduct(ctx, products.providerProductId, id));
  if (!row) throw notFound('product');
  return row;
}

export async function listProducts({ ctx, campaignId, page }: { ctx: WorkspaceCtx; campaignId?: string; page: Page }) {
  if (campaignId) await referencedCampaign(ctx, campaignId);
  return ctx.db
    .select()
    .from(products)
    .where(and(eq(products.workspaceId, ctx.workspaceId), campaignId ? eq(products.campaignId, campaignId) : undefined))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Products redirected to this campaign's rate (a campaign's product_overrides). */
export async function productOverrides({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<Product[]> {
  return ctx.db
    .select()
    .from(products)
    .where(and(eq(products.workspaceId, ctx.workspaceId), eq(products.campaignId, campaignId)))
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(MAX_OVERRIDES_SHOWN);
}

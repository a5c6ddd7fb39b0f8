// POST /v1/products: add a product to the catalog (one per provider product id)
import { presentProduct } from '../../contracts/product';
import { createProduct } from '../../domain/products/write-product';
import { workspaceProcedure } from '../../trpc/procedures';
import { createProductInput, createProductMeta, createProductOutput } from './create-product.types';

export const createProductProcedure = workspaceProcedure('write')
  .meta(createProductMeta)
  .input(createProductInput)
  .output(createProductOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await createProduct({
      ctx,
      input: {
        providerProductId: input.provider_product_id,
        name: input.name,
        commissionable: input.commissionable,
        campaignId: input.campaign_id,
      },
    });
    return { object: 'product' as const, data: presentProduct(row) };
  });

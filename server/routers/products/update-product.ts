// PATCH /v1/products/{id}: change a product's name, commissionable flag or campaign redirect
import { presentProduct } from '../../contracts/product';
import { updateProduct } from '../../domain/products/write-product';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateProductInput, updateProductMeta, updateProductOutput } from './update-product.types';

export const updateProductProcedure = workspaceProcedure('write')
  .meta(updateProductMeta)
  .input(updateProductInput)
  .output(updateProductOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await updateProduct({
      ctx,
      id: input.id,
      patch: { name: input.name, commissionable: input.commissionable, campaignId: input.campaign_id },
    });
    return { object: 'product' as const, data: presentProduct(row) };
  });

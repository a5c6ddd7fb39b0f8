// GET /v1/products/{id}: get a product by uuid or provider product id
import { presentProduct } from '../../contracts/product';
import { getProduct } from '../../domain/products/products';
import { workspaceProcedure } from '../../trpc/procedures';
import { getProductInput, getProductMeta, getProductOutput } from './get-product.types';

export const getProductProcedure = workspaceProcedure('read')
  .meta(getProductMeta)
  .input(getProductInput)
  .output(getProductOutput)
  .query(async ({ ctx, input }) => ({
    object: 'product' as const,
    data: presentProduct(await getProduct({ ctx, id: input.id })),
  }));

// GET /v1/products: the product catalog, optionally only one campaign's overrides
import { presentProduct } from '../../contracts/product';
import { listProducts } from '../../domain/products/products';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listProductsInput, listProductsMeta, listProductsOutput } from './list-products.types';

export const listProductsProcedure = workspaceProcedure('read')
  .meta(listProductsMeta)
  .input(listProductsInput)
  .output(listProductsOutput)
  .query(({ ctx, input }) =>
    listPage(
      'products',
      input,
      (limit, offset) => listProducts({ ctx, campaignId: input.campaign_id, page: { limit, offset } }),
      presentProduct,
    ),
  );

import { z } from 'zod';
import { name, one, uuid } from '../../contracts/common';
import { productRecord, providerProductId } from '../../contracts/product';
import { operation } from '../../trpc/meta';

export const createProductMeta = operation({
  method: 'POST',
  path: '/products',
  summary: 'Add a product to the catalog',
  tags: ['Products'],
  successStatus: 201,
  errors: ['provider_product_id_required', 'name_required', 'unknown_resource', 'invalid_state'],
});

export const createProductInput = z.strictObject({
  provider_product_id: providerProductId,
  name,
  commissionable: z.boolean().optional().describe('false: sales of this product earn nothing (default true)'),
  campaign_id: uuid.nullable().optional().describe("redirect this product's sales to that campaign's rate"),
});
export const createProductOutput = one('product', productRecord);

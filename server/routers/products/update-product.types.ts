import { z } from 'zod';
import { name, one, uuid } from '../../contracts/common';
import { productRecord } from '../../contracts/product';
import { operation } from '../../trpc/meta';
import { productAddress } from './get-product.types';

export const updateProductMeta = operation({
  method: 'PATCH',
  path: '/products/{id}',
  summary: 'Rename a product, make it (non-)commissionable, or redirect it to a campaign',
  tags: ['Products'],
  errors: ['link_not_found', 'unknown_resource'],
});

export const updateProductInput = z.strictObject({
  id: productAddress,
  name: name.optional(),
  commissionable: z.boolean().optional(),
  campaign_id: uuid.nullable().optional().describe('null removes the redirect'),
});
export const updateProductOutput = one('product', productRecord);

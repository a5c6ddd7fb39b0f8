import { z } from 'zod';
import { uuid } from '../../contracts/common';
import { productRecord } from '../../contracts/product';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listProductsMeta = operation({
  method: 'GET',
  path: '/products',
  summary: 'The product catalog, newest first',
  tags: ['Products'],
  errors: ['unknown_resource'],
});

export const listProductsInput = z.object({
  campaign_id: uuid.optional().describe('only products redirected to this campaign'),
  ...pageQuery(200, 50),
});
export const listProductsOutput = listOf(productRecord);

import { z } from 'zod';
import { one } from '../../contracts/common';
import { productRecord } from '../../contracts/product';
import { operation } from '../../trpc/meta';

export const getProductMeta = operation({
  method: 'GET',
  path: '/products/{id}',
  summary: "Get a product by the service's uuid or the provider's product id",
  tags: ['Products'],
  errors: ['link_not_found'],
});

export const productAddress = z.string().max(200).describe("the product's uuid or the provider's product id (prod_…)");
export const getProductInput = z.object({ id: productAddress });
export const getProductOutput = one('product', productRecord);

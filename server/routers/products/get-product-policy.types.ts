import { z } from 'zod';
import { productPolicyBody } from '../../contracts/product';
import { operation } from '../../trpc/meta';

export const getProductPolicyMeta = operation({
  method: 'GET',
  path: '/products/policy',
  summary: 'Policy for products absent from the catalog',
  tags: ['Products'],
  errors: [],
});

export const getProductPolicyInput = z.object({});
export const getProductPolicyOutput = productPolicyBody;

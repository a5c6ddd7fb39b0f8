import { z } from 'zod';
import { productPolicyBody } from '../../contracts/product';
import { operation } from '../../trpc/meta';

export const setProductPolicyMeta = operation({
  method: 'PUT',
  path: '/products/policy',
  summary: 'Set the policy for products absent from the catalog',
  tags: ['Products'],
  errors: ['commission_unmapped_products_required'],
});

export const setProductPolicyInput = z.strictObject({ commission_unmapped_products: z.boolean() });
export const setProductPolicyOutput = productPolicyBody;

import { z } from 'zod';
import { productPolicyBody } from '../../contracts/product';
import { operation } from '../../trpc/meta';

export const setProductPolicyMeta = operation({
  method: 'PUT',
  path: '/products/policy',
  summary: 'Set the policy for products absent from the catalog',
  tags: ['Products'],
  errors: ['invalid_json', 'commission_unmapped_products_required', 'invalid_request', 'unauthorized', 'insufficient_scope'],
});

export const setProductPolicyInput = z.strictObject({ commission_unmapped_products: z.boolean() });
export const setProductPolicyOutput = productPolicyBody;

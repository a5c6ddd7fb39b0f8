// PUT /v1/products/policy: choose whether sales of uncataloged products earn the campaign default rate
import { presentProductPolicy } from '../../contracts/product';
import { setProductPolicy } from '../../domain/products/policy';
import { workspaceProcedure } from '../../trpc/procedures';
import { setProductPolicyInput, setProductPolicyMeta, setProductPolicyOutput } from './set-product-policy.types';

export const setProductPolicyProcedure = workspaceProcedure('write')
  .meta(setProductPolicyMeta)
  .input(setProductPolicyInput)
  .output(setProductPolicyOutput)
  .mutation(async ({ ctx, input }) => presentProductPolicy(await setProductPolicy({ ctx, commissionUnmappedProducts: input.commission_unmapped_products })));

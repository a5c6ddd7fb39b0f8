// GET /v1/products/policy: whether sales of uncataloged products earn the campaign default rate
import { presentProductPolicy } from '../../contracts/product';
import { readProductPolicy } from '../../domain/products/policy';
import { workspaceProcedure } from '../../trpc/procedures';
import { getProductPolicyInput, getProductPolicyMeta, getProductPolicyOutput } from './get-product-policy.types';

export const getProductPolicyProcedure = workspaceProcedure('read')
  .meta(getProductPolicyMeta)
  .input(getProductPolicyInput)
  .output(getProductPolicyOutput)
  .query(async ({ ctx }) => presentProductPolicy(await readProductPolicy(ctx)));

import { router } from '../../trpc/init';
import { createProductProcedure } from './create-product';
import { getProductPolicyProcedure } from './get-product-policy';
import { getProductProcedure } from './get-product';
import { listProductsProcedure } from './list-products';
import { setProductPolicyProcedure } from './set-product-policy';
import { updateProductProcedure } from './update-product';

export const productsRouter = router({
  getPolicy: getProductPolicyProcedure,
  setPolicy: setProductPolicyProcedure,
  list: listProductsProcedure,
  create: createProductProcedure,
  get: getProductProcedure,
  update: updateProductProcedure,
});

import { router } from '../../trpc/init';
import { getConversionProcedure } from './get-conversion';
import { getConversionAttributionProcedure } from './get-conversion-attribution';
import { listConversionsProcedure } from './list-conversions';
import { refundConversionProcedure } from './refund-conversion';
import { updateConversionProcedure } from './update-conversion';

export const conversionsRouter = router({
  list: listConversionsProcedure,
  get: getConversionProcedure,
  attribution: getConversionAttributionProcedure,
  update: updateConversionProcedure,
  refund: refundConversionProcedure,
});

// GET /v1/affiliate/conversions: the affiliate's own conversions, newest first (test conversions excluded)
import { presentConversion } from '../../contracts/conversion';
import { listOwnConversions } from '../../domain/portal/activity';
import { listPage } from '../../lib/pagination';
import { affiliateProcedure, onReplica } from '../../trpc/procedures';
import { listMyConversionsInput, listMyConversionsMeta, listMyConversionsOutput } from './list-my-conversions.types';

export const listMyConversionsProcedure = affiliateProcedure
  .use(onReplica)
  .meta(listMyConversionsMeta)
  .input(listMyConversionsInput)
  .output(listMyConversionsOutput)
  .query(({ ctx, input }) => listPage('conversions', input, (limit, offset) => listOwnConversions({ ctx, page: { limit, offset } }), presentConversion));

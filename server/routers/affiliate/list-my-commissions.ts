// GET /v1/affiliate/commissions: the affiliate's own commissions, newest first
import { presentCommission } from '../../contracts/commission';
import { listOwnCommissions } from '../../domain/portal/activity';
import { listPage } from '../../lib/pagination';
import { affiliateProcedure, onReplica } from '../../trpc/procedures';
import { listMyCommissionsInput, listMyCommissionsMeta, listMyCommissionsOutput } from './list-my-commissions.types';

export const listMyCommissionsProcedure = affiliateProcedure
  .use(onReplica)
  .meta(listMyCommissionsMeta)
  .input(listMyCommissionsInput)
  .output(listMyCommissionsOutput)
  .query(({ ctx, input }) => listPage('commissions', input, (limit, offset) => listOwnCommissions({ ctx, page: { limit, offset } }), presentCommission));

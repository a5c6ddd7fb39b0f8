// GET /v1/commissions: list commissions, filtered by status, affiliate or conversion
import { presentCommissionDetail } from '../../contracts/commission';
import { listCommissions } from '../../domain/commissions/list';
import { withRewardDeliveries } from '../../domain/commissions/reward-delivery';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listCommissionsInput, listCommissionsMeta, listCommissionsOutput } from './list-commissions.types';

export const listCommissionsProcedure = workspaceProcedure('read')
  .meta(listCommissionsMeta)
  .input(listCommissionsInput)
  .output(listCommissionsOutput)
  .query(({ ctx, input }) => {
    const filter = {
      status: input.status,
      affiliateId: input.affiliate_id,
      conversionId: input.conversion_id,
      includeTest: input.include_test,
    };
    return listPage('commissions', input, async (limit, offset) => withRewardDeliveries(ctx, await listCommissions({ ctx, filter, page: { limit, offset } })), presentCommissionDetail);
  });

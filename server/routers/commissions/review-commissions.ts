// POST /v1/commissions/bulk: approve or deny up to 100 commissions in one transaction
import { presentCommissionDetail } from '../../contracts/commission';
import { reviewCommissions } from '../../domain/commissions/review';
import { withRewardDeliveries } from '../../domain/commissions/reward-delivery';
import { workspaceProcedure } from '../../trpc/procedures';
import { reviewCommissionsInput, reviewCommissionsMeta, reviewCommissionsOutput } from './review-commissions.types';

export const reviewCommissionsProcedure = workspaceProcedure('write')
  .meta(reviewCommissionsMeta)
  .input(reviewCommissionsInput)
  .output(reviewCommissionsOutput)
  .mutation(async ({ ctx, input }) => {
    const rows = await reviewCommissions({ ctx, ids: input.ids, status: input.status });
    // The list envelope of every list answer; the whole result fits in one page.
    return { object: 'list' as const, resource: 'commissions', limit: rows.length, offset: 0, has_more: false, data: (await withRewardDeliveries(ctx, rows)).map(presentCommissionDetail) };
  });

// GET /v1/payouts: list payouts, filtered by status or affiliate
import { presentWorkspacePayout } from '../../contracts/payout';
import { listPayouts } from '../../domain/payouts/list';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listPayoutsInput, listPayoutsMeta, listPayoutsOutput } from './list-payouts.types';

export const listPayoutsProcedure = workspaceProcedure('read')
  .meta(listPayoutsMeta)
  .input(listPayoutsInput)
  .output(listPayoutsOutput)
  .query(({ ctx, input }) => {
    const filter = { status: input.status, affiliateId: input.affiliate_id };
    return listPage('payouts', input, (limit, offset) => listPayouts({ ctx, filter, page: { limit, offset } }), presentWorkspacePayout);
  });

// GET /v1/affiliate/payouts: the affiliate's own payouts with the commissions each settles, newest first
import { presentPayout } from '../../contracts/payout';
import { listOwnPayouts } from '../../domain/portal/payouts';
import { listPage } from '../../lib/pagination';
import { affiliateProcedure, onReplica } from '../../trpc/procedures';
import { listMyPayoutsInput, listMyPayoutsMeta, listMyPayoutsOutput } from './list-my-payouts.types';

export const listMyPayoutsProcedure = affiliateProcedure
  .use(onReplica)
  .meta(listMyPayoutsMeta)
  .input(listMyPayoutsInput)
  .output(listMyPayoutsOutput)
  .query(({ ctx, input }) => listPage('payouts', input, (limit, offset) => listOwnPayouts({ ctx, page: { limit, offset } }), presentPayout));

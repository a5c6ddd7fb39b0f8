// GET /v1/affiliate/payouts: the affiliate's own payouts with the commissions each settles, newest first
import { presentPayout } from '../../contracts/payout';
import type { AffiliateCtx } from '../../domain/context';
import { listOwnPayouts } from '../../domain/payouts/list';
import { listPage, type Page } from '../../lib/pagination';
import { affiliateReplicaProcedure } from '../../trpc/procedures';
import { listMyPayoutsInput, listMyPayoutsMeta, listMyPayoutsOutput } from './list-my-payouts.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyPayouts = ({ ctx, input }: { ctx: AffiliateCtx; input: Page }) =>
  listPage('payouts', input, (limit, offset) => listOwnPayouts({ ctx, page: { limit, offset } }), presentPayout);

export const listMyPayoutsProcedure = affiliateReplicaProcedure
  .meta(listMyPayoutsMeta)
  .input(listMyPayoutsInput)
  .output(listMyPayoutsOutput)
  .query(listMyPayouts);

// GET /v1/affiliate/commissions: the affiliate's own commissions, newest first
import { presentCommission } from '../../contracts/commission';
import type { AffiliateCtx } from '../../domain/context';
import { listOwnCommissions } from '../../domain/commissions/list';
import { listPage, type Page } from '../../lib/pagination';
import { affiliateReplicaProcedure } from '../../trpc/procedures';
import { listMyCommissionsInput, listMyCommissionsMeta, listMyCommissionsOutput } from './list-my-commissions.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyCommissions = ({ ctx, input }: { ctx: AffiliateCtx; input: Page }) =>
  listPage('commissions', input, (limit, offset) => listOwnCommissions({ ctx, page: { limit, offset } }), presentCommission);

export const listMyCommissionsProcedure = affiliateReplicaProcedure
  .meta(listMyCommissionsMeta)
  .input(listMyCommissionsInput)
  .output(listMyCommissionsOutput)
  .query(listMyCommissions);

// GET /v1/affiliate/bounties: the live bounties with the affiliate's progress and its own submissions
import { ownBounties } from '../../domain/bounties/affiliate-view';
import type { AffiliateCtx } from '../../domain/context';
import { affiliateProcedure } from '../../trpc/procedures';
import { listMyBountiesInput, listMyBountiesMeta, listMyBountiesOutput } from './list-my-bounties.types';

/** The read itself, for any caller acting as one affiliate: the portal serves it too (routers/portal/). */
export const listMyBounties = async ({ ctx }: { ctx: AffiliateCtx }) => ({
  object: 'list' as const,
  resource: 'bounties' as const,
  data: await ownBounties({ ctx }),
});

export const listMyBountiesProcedure = affiliateProcedure
  .meta(listMyBountiesMeta)
  .input(listMyBountiesInput)
  .output(listMyBountiesOutput)
  .query(listMyBounties);

// GET /v1/bounties: the workspace's bounties, newest first
import { presentBounty } from '../../contracts/bounty';
import { listBounties } from '../../domain/bounties/bounties';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listBountiesInput, listBountiesMeta, listBountiesOutput } from './list-bounties.types';

export const listBountiesProcedure = workspaceProcedure('read')
  .meta(listBountiesMeta)
  .input(listBountiesInput)
  .output(listBountiesOutput)
  .query(({ ctx, input }) =>
    listPage('bounties', input, (limit, offset) => listBounties({ ctx, archived: input.archived, type: input.type, page: { limit, offset } }), presentBounty),
  );

import { router } from '../../trpc/init';
import { archiveBountyProcedure } from './archive-bounty';
import { createBountyProcedure } from './create-bounty';
import { getBountyProcedure } from './get-bounty';
import { listBountiesProcedure } from './list-bounties';
import { listBountySubmissionsProcedure } from './list-bounty-submissions';
import { updateBountyProcedure } from './update-bounty';

// /v1/bounties (docs/groups-bounties-recruiters.md#bounties); a submission's review is /v1/bounty-submissions/{id}.
export const bountiesRouter = router({
  list: listBountiesProcedure,
  create: createBountyProcedure,
  get: getBountyProcedure,
  update: updateBountyProcedure,
  archive: archiveBountyProcedure,
  submissions: listBountySubmissionsProcedure,
});

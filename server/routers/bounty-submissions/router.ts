import { router } from '../../trpc/init';
import { reviewBountySubmissionProcedure } from './review-bounty-submission';

// /v1/bounty-submissions/{id}: a manager's review of an affiliate's proof (docs/groups-bounties-recruiters.md#bounties).
export const bountySubmissionsRouter = router({
  review: reviewBountySubmissionProcedure,
});

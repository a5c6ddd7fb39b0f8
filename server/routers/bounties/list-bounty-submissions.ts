// GET /v1/bounties/{id}/submissions: the proof affiliates sent for a bounty, newest first
import { presentBountySubmission } from '../../contracts/bounty';
import { listSubmissions } from '../../domain/bounties/submissions';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listBountySubmissionsInput, listBountySubmissionsMeta, listBountySubmissionsOutput } from './list-bounty-submissions.types';

export const listBountySubmissionsProcedure = workspaceProcedure('read')
  .meta(listBountySubmissionsMeta)
  .input(listBountySubmissionsInput)
  .output(listBountySubmissionsOutput)
  .query(({ ctx, input }) =>
    listPage('bounty_submissions', input, (limit, offset) => listSubmissions({ ctx, bountyId: input.id, status: input.status, page: { limit, offset } }), presentBountySubmission),
  );

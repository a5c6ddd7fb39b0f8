// PATCH /v1/bounty-submissions/{id}: approve (writing the bounty's commission) or reject with a reason
import { presentBountySubmission } from '../../contracts/bounty';
import { invalid } from '../../errors/errors';
import { reviewSubmission } from '../../domain/bounties/submissions';
import { workspaceProcedure } from '../../trpc/procedures';
import { reviewBountySubmissionInput, reviewBountySubmissionMeta, reviewBountySubmissionOutput } from './review-bounty-submission.types';

export const reviewBountySubmissionProcedure = workspaceProcedure('write')
  .meta(reviewBountySubmissionMeta)
  .input(reviewBountySubmissionInput)
  .output(reviewBountySubmissionOutput)
  .mutation(async ({ ctx, input }) => {
    if (input.status === 'approved' && (input.rejection_reason !== undefined || input.review_note !== undefined)) {
      throw invalid('rejection_reason', 'only a rejection takes a reason or a note');
    }
    const review = input.status === 'approved' ? { status: 'approved' as const } : { status: 'rejected' as const, reason: input.rejection_reason, note: input.review_note };
    const row = await reviewSubmission({ ctx, id: input.id, review });
    return { object: 'bounty_submission' as const, data: presentBountySubmission(row) };
  });

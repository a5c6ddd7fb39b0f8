// dashboard-only (portal): the affiliate submits proof (a URL and/or text) for a submission bounty
import { presentBountySubmission } from '../../contracts/bounty';
import { submitProof } from '../../domain/bounties/submissions';
import { portalProcedure } from '../../trpc/procedures';
import { submitBountyProofInput, submitBountyProofOutput } from './submit-bounty-proof.types';

export const submitBountyProofProcedure = portalProcedure
  .input(submitBountyProofInput)
  .output(submitBountyProofOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await submitProof({ ctx, bountyId: input.bounty_id, proofUrl: input.proof_url || undefined, proofText: input.proof_text || undefined });
    return { object: 'bounty_submission' as const, data: presentBountySubmission(row) };
  });

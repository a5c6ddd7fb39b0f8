// GET /v1/bounties/{id}: one bounty and its report (submissions, affiliates rewarded, earned per currency)
import { presentBounty } from '../../contracts/bounty';
import { getBounty } from '../../domain/bounties/bounties';
import { bountyReport } from '../../domain/bounties/submissions';
import { workspaceProcedure } from '../../trpc/procedures';
import { getBountyInput, getBountyMeta, getBountyOutput } from './get-bounty.types';

export const getBountyProcedure = workspaceProcedure('read')
  .meta(getBountyMeta)
  .input(getBountyInput)
  .output(getBountyOutput)
  .query(async ({ ctx, input }) => {
    const bounty = await getBounty({ ctx, id: input.id });
    return { object: 'bounty' as const, data: { ...presentBounty(bounty), report: await bountyReport({ ctx, bounty }) } };
  });

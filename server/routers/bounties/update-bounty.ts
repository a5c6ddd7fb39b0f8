// PATCH /v1/bounties/{id}: rename, new reward or target (from now on), new dates
import { presentBounty } from '../../contracts/bounty';
import { updateBounty } from '../../domain/bounties/bounties';
import { workspaceProcedure } from '../../trpc/procedures';
import { instantOrNull } from './create-bounty';
import { updateBountyInput, updateBountyMeta, updateBountyOutput } from './update-bounty.types';

export const updateBountyProcedure = workspaceProcedure('write')
  .meta(updateBountyMeta)
  .input(updateBountyInput)
  .output(updateBountyOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await updateBounty({
      ctx,
      id: input.id,
      patch: {
        name: input.name,
        description: input.description,
        rewardAmount: input.reward_amount,
        target: input.target,
        startsAt: instantOrNull(input.starts_at),
        endsAt: instantOrNull(input.ends_at),
      },
    });
    return { object: 'bounty' as const, data: presentBounty(row) };
  });

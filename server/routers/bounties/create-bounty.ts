// POST /v1/bounties: a performance bounty (reach a total in a period) or a submission bounty (approved proof)
import { presentBounty } from '../../contracts/bounty';
import { createBounty } from '../../domain/bounties/bounties';
import { workspaceProcedure } from '../../trpc/procedures';
import { createBountyInput, createBountyMeta, createBountyOutput } from './create-bounty.types';

/** A body's instant: absent stays absent (no change), null clears it. */
export const instantOrNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

export const createBountyProcedure = workspaceProcedure('write')
  .meta(createBountyMeta)
  .input(createBountyInput)
  .output(createBountyOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await createBounty({
      ctx,
      input: {
        name: input.name,
        description: input.description,
        type: input.type,
        rewardAmount: input.reward_amount,
        currency: input.currency,
        metric: input.metric,
        target: input.target,
        period: input.period,
        startsAt: instantOrNull(input.starts_at),
        endsAt: instantOrNull(input.ends_at),
      },
    });
    return { object: 'bounty' as const, data: presentBounty(row) };
  });

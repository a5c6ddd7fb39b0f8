// POST /v1/bounties/{id}/archive: stop a bounty (no more evaluations or submissions); what it earned stays
import { presentBounty } from '../../contracts/bounty';
import { archiveBounty } from '../../domain/bounties/bounties';
import { workspaceProcedure } from '../../trpc/procedures';
import { archiveBountyInput, archiveBountyMeta, archiveBountyOutput } from './archive-bounty.types';

export const archiveBountyProcedure = workspaceProcedure('write')
  .meta(archiveBountyMeta)
  .input(archiveBountyInput)
  .output(archiveBountyOutput)
  .mutation(async ({ ctx, input }) => ({ object: 'bounty' as const, data: presentBounty(await archiveBounty({ ctx, id: input.id })) }));

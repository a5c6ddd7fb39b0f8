// dashboard: start a backfill of the provider's past customers and payments (the job runs it)
import { presentBackfill } from '../../contracts/integration';
import { startBackfill } from '../../integrations/backfills';
import { workspaceProcedure } from '../../trpc/procedures';
import { providerOf } from './provider-of';
import { startBackfillInput, startBackfillOutput } from './start-backfill.types';

export const startBackfillProcedure = workspaceProcedure('write')
  .input(startBackfillInput)
  .output(startBackfillOutput)
  .mutation(async ({ ctx, input }) => ({
    data: presentBackfill(await startBackfill({ ctx, provider: providerOf(input.provider), since: new Date(`${input.since}T00:00:00Z`) })),
  }));

// dashboard: the provider's latest backfill and how far it got
import { presentBackfill } from '../../contracts/integration';
import { latestBackfill } from '../../integrations/backfills';
import { workspaceProcedure } from '../../trpc/procedures';
import { backfillStatusInput, backfillStatusOutput } from './backfill-status.types';
import { providerOf } from './provider-of';

export const backfillStatusProcedure = workspaceProcedure('read')
  .input(backfillStatusInput)
  .output(backfillStatusOutput)
  .query(async ({ ctx, input }) => {
    const row = await latestBackfill(ctx, providerOf(input.provider));
    return { data: row ? presentBackfill(row) : null };
  });

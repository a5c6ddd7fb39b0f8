// dashboard: a payment provider's setup steps, connection and event counts
import { workspaceProcedure } from '../../trpc/procedures';
import { integrationStatusInput, integrationStatusOutput } from './integration-status.types';
import { presentStatus } from './present-status';
import { providerOf } from './provider-of';

export const integrationStatusProcedure = workspaceProcedure('read')
  .input(integrationStatusInput)
  .output(integrationStatusOutput)
  .query(({ ctx, input }) => presentStatus(ctx, providerOf(input.provider), ctx.services.config.publicUrl));

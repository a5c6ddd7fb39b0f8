// dashboard: disconnect a payment provider (its deliveries are refused; the event log stays)
import { removeIntegration } from '../../integrations/settings';
import { workspaceProcedure } from '../../trpc/procedures';
import { providerOf } from './provider-of';
import { removeIntegrationInput, removeIntegrationOutput } from './remove-integration.types';

export const removeIntegrationProcedure = workspaceProcedure('write')
  .input(removeIntegrationInput)
  .output(removeIntegrationOutput)
  .mutation(async ({ ctx, input }) => ({ removed: await removeIntegration({ ctx, provider: providerOf(input.provider) }) }));

// dashboard: run a stored provider event again now (every effect is idempotent)
import { presentIntegrationEvent } from '../../contracts/integration';
import { replayEvent } from '../../integrations/event-log';
import { workspaceProcedure } from '../../trpc/procedures';
import { providerOf } from './provider-of';
import { replayIntegrationEventInput, replayIntegrationEventOutput } from './replay-integration-event.types';

export const replayIntegrationEventProcedure = workspaceProcedure('write')
  .input(replayIntegrationEventInput)
  .output(replayIntegrationEventOutput)
  .mutation(async ({ ctx, input }) => ({ data: presentIntegrationEvent(await replayEvent({ ctx, provider: providerOf(input.provider), id: input.id })) }));

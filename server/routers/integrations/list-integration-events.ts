// dashboard: the provider's last 100 events and what each did
import { presentIntegrationEvent } from '../../contracts/integration';
import { recentEvents } from '../../integrations/event-log';
import { workspaceProcedure } from '../../trpc/procedures';
import { listIntegrationEventsInput, listIntegrationEventsOutput } from './list-integration-events.types';
import { providerOf } from './provider-of';

export const listIntegrationEventsProcedure = workspaceProcedure('read', 'replica')
  .input(listIntegrationEventsInput)
  .output(listIntegrationEventsOutput)
  .query(async ({ ctx, input }) => ({ data: (await recentEvents(ctx, providerOf(input.provider), input.limit)).map(presentIntegrationEvent) }));

// dashboard: the provider's last 100 events and what each did
import { presentIntegrationEvent } from '../../contracts/integration';
import { recentEvents } from '../../integrations/event-log';
import { onReplica, workspaceProcedure } from '../../trpc/procedures';
import { listIntegrationEventsInput, listIntegrationEventsOutput } from './list-integration-events.types';
import { providerOf } from './provider-of';

export const listIntegrationEventsProcedure = workspaceProcedure('read')
  .use(onReplica)
  .input(listIntegrationEventsInput)
  .output(listIntegrationEventsOutput)
  .query(async ({ ctx, input }) => ({ data: (await recentEvents(ctx, providerOf(input.provider), input.limit)).map(presentIntegrationEvent) }));

import { router } from '../../trpc/init';
import { backfillStatusProcedure } from './backfill-status';
import { integrationStatusProcedure } from './integration-status';
import { listIntegrationEventsProcedure } from './list-integration-events';
import { removeIntegrationProcedure } from './remove-integration';
import { replayIntegrationEventProcedure } from './replay-integration-event';
import { saveIntegrationProcedure } from './save-integration';
import { startBackfillProcedure } from './start-backfill';

// Dashboard-only: not part of /v1 (no OpenAPI meta), reached through the session.
export const integrationsRouter = router({
  status: integrationStatusProcedure,
  save: saveIntegrationProcedure,
  remove: removeIntegrationProcedure,
  events: listIntegrationEventsProcedure,
  replay: replayIntegrationEventProcedure,
  backfill: backfillStatusProcedure,
  startBackfill: startBackfillProcedure,
});

import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { integrationEvent, providerName } from '../../contracts/integration';

export const replayIntegrationEventInput = z.strictObject({ provider: providerName, id: recordId });
export const replayIntegrationEventOutput = z.object({ data: integrationEvent });

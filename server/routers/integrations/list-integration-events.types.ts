import { z } from 'zod';
import { integrationEvent, providerName } from '../../contracts/integration';

export const EVENT_LOG_MAX = 100;
export const listIntegrationEventsInput = z.strictObject({ provider: providerName, limit: z.number().int().min(1).max(EVENT_LOG_MAX).default(EVENT_LOG_MAX) });
export const listIntegrationEventsOutput = z.object({ data: z.array(integrationEvent) });

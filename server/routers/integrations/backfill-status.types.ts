import { z } from 'zod';
import { integrationBackfill, providerName } from '../../contracts/integration';

// Dashboard-only: the provider's latest backfill and its progress (polled while it runs).
export const backfillStatusInput = z.strictObject({ provider: providerName });
export const backfillStatusOutput = z.object({ data: integrationBackfill.nullable() });

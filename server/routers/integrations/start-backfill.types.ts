import { z } from 'zod';
import { integrationBackfill, providerName } from '../../contracts/integration';

// Dashboard-only: start a backfill of the provider's past customers and payments since a date.
export const startBackfillInput = z.strictObject({
  provider: providerName,
  since: z.iso.date().describe('the first day (UTC) whose checkouts and invoices are read; at most 730 days back'),
});
export const startBackfillOutput = z.object({ data: integrationBackfill });

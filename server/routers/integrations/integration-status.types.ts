import { z } from 'zod';
import { integrationStatus, providerName } from '../../contracts/integration';

// Dashboard-only (no /v1 meta): the Integrations page's setup steps and status.
export const integrationStatusInput = z.strictObject({ provider: providerName });
export const integrationStatusOutput = integrationStatus;

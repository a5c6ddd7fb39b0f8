import { z } from 'zod';
import { amountBasis, integrationStatus, providerName } from '../../contracts/integration';

export const saveIntegrationInput = z.strictObject({
  provider: providerName,
  secret: z.string().trim().min(1).max(256).optional().describe("the provider's signing secret; stored sealed, never shown again"),
  amount_basis: amountBasis.optional(),
  api_key: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .nullable()
    .optional()
    .describe('an optional restricted API key, checked at the provider and stored sealed, never shown again; null removes it'),
  connect_secret: z
    .string()
    .trim()
    .min(1)
    .max(256)
    .nullable()
    .optional()
    .describe("Stripe Connect platforms: the signing secret of the endpoint for connected accounts' events, stored sealed; null removes it"),
});
export const saveIntegrationOutput = integrationStatus;

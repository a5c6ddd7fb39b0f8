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
  client_id: z.string().trim().min(1).max(200).optional().describe("PayPal: the REST app's client id (its secret goes in `secret`, stored sealed)"),
  webhook_id: z.string().trim().min(1).max(100).optional().describe("PayPal: the id of the app's webhook, which verifies each delivery's signature"),
  environment: z.enum(['live', 'sandbox']).optional().describe('PayPal: whether the app is live or sandbox'),
});
export const saveIntegrationOutput = integrationStatus;

import { z } from 'zod';
import { providerName } from '../../contracts/integration';

export const removeIntegrationInput = z.strictObject({ provider: providerName });
export const removeIntegrationOutput = z.object({ removed: z.boolean() });

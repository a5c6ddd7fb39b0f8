// dashboard: connect a payment provider (its signing secret; PayPal: client id, secret, webhook id), change the sale amount basis, set or remove its API key
import { saveIntegration } from '../../integrations/settings';
import { workspaceProcedure } from '../../trpc/procedures';
import { presentStatus } from './present-status';
import { providerOf } from './provider-of';
import { saveIntegrationInput, saveIntegrationOutput } from './save-integration.types';

export const saveIntegrationProcedure = workspaceProcedure('write')
  .input(saveIntegrationInput)
  .output(saveIntegrationOutput)
  .mutation(async ({ ctx, input }) => {
    const provider = providerOf(input.provider);
    await saveIntegration({ ctx, provider, patch: {
        secret: input.secret,
        amountBasis: input.amount_basis,
        apiKey: input.api_key,
        connectSecret: input.connect_secret,
        clientId: input.client_id,
        webhookId: input.webhook_id,
        environment: input.environment,
      },
    });
    return presentStatus(ctx, provider, ctx.services.config.publicUrl);
  });

// GET /v1/webhooks: list webhook endpoints
import { presentWebhookEndpoint } from '../../contracts/webhook';
import { listEndpoints } from '../../domain/webhooks/endpoints';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listWebhooksInput, listWebhooksMeta, listWebhooksOutput } from './list-webhooks.types';

export const listWebhooksProcedure = workspaceProcedure('read')
  .meta(listWebhooksMeta)
  .input(listWebhooksInput)
  .output(listWebhooksOutput)
  .query(({ ctx, input }) =>
    listPage('webhooks', input, (limit, offset) => listEndpoints({ ctx, page: { limit, offset } }), presentWebhookEndpoint),
  );

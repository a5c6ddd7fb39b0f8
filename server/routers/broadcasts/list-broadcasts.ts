// GET /v1/broadcasts: the broadcast log with each one's send counts
import { presentBroadcast } from '../../contracts/email';
import { listBroadcasts } from '../../domain/mail/broadcasts';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listBroadcastsInput, listBroadcastsMeta, listBroadcastsOutput } from './list-broadcasts.types';

export const listBroadcastsProcedure = workspaceProcedure('read')
  .meta(listBroadcastsMeta)
  .input(listBroadcastsInput)
  .output(listBroadcastsOutput)
  .query(({ ctx, input }) => listPage('broadcasts', input, (limit, offset) => listBroadcasts({ ctx, page: { limit, offset } }), presentBroadcast));

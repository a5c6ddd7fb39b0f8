import { router } from '../../trpc/init';
import { createBroadcastProcedure } from './create-broadcast';
import { listBroadcastsProcedure } from './list-broadcasts';

export const broadcastsRouter = router({
  create: createBroadcastProcedure,
  list: listBroadcastsProcedure,
});

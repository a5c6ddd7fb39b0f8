import { router } from '../trpc/init';
import { campaignsRouter } from './campaigns/router';

// Every endpoint group, by its /v1 path segment. The dashboard and /v1 both call this router.
export const appRouter = router({
  campaigns: campaignsRouter,
});

export type AppRouter = typeof appRouter;

import { router } from '../../trpc/init';

// Procedures of this group are added here, one file each (see routers/campaigns for the pattern).
export const settingsRouter = router({});

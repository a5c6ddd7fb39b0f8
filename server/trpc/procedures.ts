import { authenticateAffiliate, authenticateWorkspace } from '../auth/authenticate';
import type { NeededScope } from '../auth/scopes';
import { withIdempotency } from './idempotency';
import { baseProcedure, middleware } from './init';

export type { Actor } from '../auth/authenticate';

// 3. Procedure builders over the one auth path (server/auth/authenticate.ts). A REST call with a
// key and a dashboard call with a session end in the same `{ workspaceId, actor }`.

const requireWorkspace = (need: NeededScope) =>
  middleware(async ({ ctx, next }) => next({ ctx: await authenticateWorkspace(ctx, need) }));

const requireAffiliate = middleware(async ({ ctx, next }) => next({ ctx: await authenticateAffiliate(ctx) }));

export const publicProcedure = baseProcedure;
/** Workspace-key or dashboard-session procedure needing `need`; POSTs honour Idempotency-Key. */
export const workspaceProcedure = (need: NeededScope) =>
  baseProcedure.meta({ access: need }).use(requireWorkspace(need)).use(withIdempotency);
/** Read-only affiliate-key procedure; every query it makes filters on ctx.affiliateId. */
export const affiliateProcedure = baseProcedure.meta({ access: 'affiliate' }).use(requireAffiliate);

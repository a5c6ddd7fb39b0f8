import { unauthorized } from '../../errors/errors';
import { baseProcedure, middleware } from '../../trpc/init';

/** Who is signed in to the affiliate portal; only the portal's own tRPC endpoint attaches it. */
export type PortalIdentity = { workspaceId: string; affiliateId: string };

// The dashboard endpoint and /v1 never attach `portal`, so these procedures answer 401 there:
// a manager's session or a key cannot borrow an affiliate's identity.
const requirePortal = middleware(({ ctx, next }) => {
  const portal = (ctx as { portal?: PortalIdentity }).portal;
  if (!portal) throw unauthorized('sign in to the portal first');
  return next({ ctx: { workspaceId: portal.workspaceId, affiliateId: portal.affiliateId } });
});

export const portalProcedure = baseProcedure.use(requirePortal);

import { portalSessionCurrent } from '../../auth/sessions';
import type { Actor } from '../../domain/context';
import { unauthorized } from '../../errors/errors';
import { baseProcedure, middleware } from '../../trpc/init';

// The dashboard endpoint and /v1 never attach `portal`, so these procedures answer 401 there:
// a manager's session or a key cannot borrow an affiliate's identity. The affiliate's row is
// read on every call: suspending one, a new password or a sign-out ends a session already open
// (and reactivation does not bring it back), not just the next sign-in.
const requirePortal = middleware(async ({ ctx, next }) => {
  const { portal } = ctx;
  if (!portal) throw unauthorized('sign in to the portal first');
  if (!(await portalSessionCurrent(ctx.db, portal))) throw unauthorized('this portal session has ended: sign in again');
  const actor: Actor = { kind: 'affiliate', affiliateId: portal.affiliateId };
  return next({ ctx: { workspaceId: portal.workspaceId, affiliateId: portal.affiliateId, actor } });
});

export const portalProcedure = baseProcedure.use(requirePortal);

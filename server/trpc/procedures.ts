import { authenticateAffiliate, authenticateWorkspace } from '../auth/authenticate';
import type { NeededScope } from '../auth/scopes';
import { portalSessionCurrent } from '../auth/sessions';
import type { Actor as DomainActor } from '../domain/context';
import { unauthorized } from '../errors/errors';
import { idempotent } from './idempotency';
import { baseProcedure, middleware } from './init';

export type { Actor } from '../auth/authenticate';

// 3. Procedure builders over the one auth path (server/auth/authenticate.ts). A REST call with a
// key and a dashboard call with a session end in the same `{ workspaceId, actor }`.

// Authentication and Idempotency-Key in one middleware: every layer costs each call its own spread
// of the context and another trip through tRPC's chain.
const requireWorkspace = (need: NeededScope) =>
  middleware(async (opts) => {
    const principal = await authenticateWorkspace(opts.ctx, need);
    return idempotent(opts, principal.workspaceId, () => opts.next({ ctx: principal }));
  });

const requireAffiliate = middleware(async ({ ctx, next }) => next({ ctx: await authenticateAffiliate(ctx) }));

/** No key and no session: the join page, sign-up, sign-in links and password resets. */
export const publicProcedure = baseProcedure.meta({ public: true });
/** Workspace-key or dashboard-session procedure needing `need`; POSTs honour Idempotency-Key. */
export const workspaceProcedure = (need: NeededScope) =>
  baseProcedure.meta({ access: need }).use(requireWorkspace(need));
/**
 * Appended to a read procedure whose answer may lag the primary by the replica's delay: its
 * queries go to DATABASE_REPLICA_URL when set (authentication above it stayed on the primary, so
 * a revoked key is refused at once). Only for reads that never need the caller's own write
 * (docs/scaling.md lists them).
 */
export const onReplica = middleware(async ({ ctx, next }) => next({ ctx: { db: ctx.services.database.replica ?? ctx.db } }));
/** Read-only affiliate-key procedure; every query it makes filters on ctx.affiliateId. */
export const affiliateProcedure = baseProcedure.meta({ access: 'affiliate' }).use(requireAffiliate);

// The dashboard endpoint and /v1 never attach `portal`, so these procedures answer 401 there:
// a manager's session or a key cannot borrow an affiliate's identity. The affiliate's row is
// read on every call: suspending one, a new password or a sign-out ends a session already open
// (and reactivation does not bring it back), not just the next sign-in.
const requirePortal = middleware(async ({ ctx, next }) => {
  const { portal } = ctx;
  if (!portal) throw unauthorized('sign in to the portal first');
  if (!(await portalSessionCurrent(ctx.db, portal))) throw unauthorized('this portal session has ended: sign in again');
  const actor: DomainActor = { kind: 'affiliate', affiliateId: portal.affiliateId };
  return next({ ctx: { workspaceId: portal.workspaceId, affiliateId: portal.affiliateId, actor } });
});

/** The affiliate portal's session (/portal): dashboard-only, acting for the signed-in affiliate. */
export const portalProcedure = baseProcedure.use(requirePortal);

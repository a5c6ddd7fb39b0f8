import type { Db } from '@/db/client';
import { authenticateAffiliate, authenticateWorkspace } from '../auth/authenticate';
import type { NeededScope } from '../auth/scopes';
import { portalSessionCurrent } from '../auth/sessions';
import type { Actor as DomainActor } from '../domain/context';
import { openEmbed } from '../domain/embed/open-embed';
import { unauthorized } from '../errors/errors';
import type { RequestContext } from './context';
import { idempotent } from './idempotency';
import { baseProcedure, middleware, refuseNul } from './init';

export type { Actor } from '../auth/authenticate';

// 3. Procedure builders over the one auth path (server/auth/authenticate.ts). A REST call with a
// key and a dashboard call with a session end in the same `{ workspaceId, actor }`.
//
// Each builder adds exactly one middleware: NUL check, authentication, the replica if asked for,
// and Idempotency-Key together. Every layer of tRPC's chain copies the call's options (and the
// context, when it changes) once more, so a layer per concern cost every request
// (docs/performance-history.md, "tRPC's middleware chain").

/**
 * Where a read procedure's queries go. 'replica': to DATABASE_REPLICA_URL when set, for an answer
 * that may lag the primary by the replica's delay; authentication stays on the primary, so a
 * revoked key is refused at once. Only for reads that never need the caller's own write
 * (docs/scaling.md lists them).
 */
export type ReadFrom = 'primary' | 'replica';
const dbFor = (ctx: RequestContext, from: ReadFrom): Db => (from === 'replica' ? (ctx.services.database.replica ?? ctx.db) : ctx.db);

const requireWorkspace = (need: NeededScope, from: ReadFrom) =>
  middleware(async (opts) => {
    await refuseNul(opts);
    const principal = await authenticateWorkspace(opts.ctx, need);
    return idempotent(opts, principal.workspaceId, () => opts.next({ ctx: { ...principal, db: dbFor(opts.ctx, from) } }));
  });

const requireAffiliate = (from: ReadFrom) =>
  middleware(async (opts) => {
    await refuseNul(opts);
    return opts.next({ ctx: { ...(await authenticateAffiliate(opts.ctx)), db: dbFor(opts.ctx, from) } });
  });

/** No key and no session: the join page, sign-up, sign-in links and password resets. */
export const publicProcedure = baseProcedure.meta({ public: true }).use(middleware(async (opts) => (await refuseNul(opts), opts.next())));
/** Workspace-key or dashboard-session procedure needing `need`; POSTs honour Idempotency-Key. */
export const workspaceProcedure = (need: NeededScope, from: ReadFrom = 'primary') =>
  baseProcedure.meta({ access: need }).use(requireWorkspace(need, from));
/** Read-only affiliate-key procedure; every query it makes filters on ctx.affiliateId. */
export const affiliateProcedure = baseProcedure.meta({ access: 'affiliate' }).use(requireAffiliate('primary'));
/** affiliateProcedure whose queries go to the replica (ReadFrom). */
export const affiliateReplicaProcedure = baseProcedure.meta({ access: 'affiliate' }).use(requireAffiliate('replica'));

// The dashboard endpoint and /v1 never attach `portal`, so these procedures answer 401 there:
// a manager's session or a key cannot borrow an affiliate's identity. The affiliate's row is
// read on every call: suspending one, a new password or a sign-out ends a session already open
// (and reactivation does not bring it back), not just the next sign-in.
const requirePortal = middleware(async (opts) => {
  await refuseNul(opts);
  const { portal } = opts.ctx;
  if (!portal) throw unauthorized('sign in to the portal first');
  if (!(await portalSessionCurrent(opts.ctx.db, portal))) throw unauthorized('this portal session has ended: sign in again');
  const actor: DomainActor = { kind: 'affiliate', affiliateId: portal.affiliateId };
  return opts.next({ ctx: { workspaceId: portal.workspaceId, affiliateId: portal.affiliateId, actor } });
});

/** The affiliate portal's session (/portal): dashboard-only, acting for the signed-in affiliate. */
export const portalProcedure = baseProcedure.use(requirePortal);

// The embedded referral page (docs/embedded-referrals.md): the embed token is its one
// credential, checked on every call by openEmbed (signature, hour, affiliate still active with the
// same session version, origin still listed). No cookie and no key is read, so a session of the
// same browser lends it nothing; every failure is the same 401 so a caller learns no reason.
const requireEmbed = middleware(async (opts) => {
  await refuseNul(opts);
  const token = opts.ctx.embedToken;
  const embed = token ? await openEmbed(opts.ctx.db, token) : null;
  if (!embed) throw unauthorized('this embed link has expired: reload the page that shows it');
  const actor: DomainActor = { kind: 'affiliate', affiliateId: embed.affiliateId };
  return opts.next({ ctx: { workspaceId: embed.workspaceId, affiliateId: embed.affiliateId, origin: embed.origin, options: embed.options, actor } });
});

/** Read-only, one affiliate, authenticated only by the embed token (never on /v1: no openapi meta). */
export const embedProcedure = baseProcedure.use(requireEmbed);

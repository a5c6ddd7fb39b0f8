import { and, asc, eq } from 'drizzle-orm';
import { memberships } from '@/db/schema';
import { resolveKey } from '../auth/resolve-key';
import { grants, scopesOfRole, type NeededScope } from '../auth/scopes';
import { insufficientScope, RefcountError, unauthorized } from '../errors/errors';
import { spend } from '../lib/rate-limit';
import { withIdempotency } from './idempotency';
import { baseProcedure, middleware } from './init';
import type { RequestContext } from './context';

// 3. Procedure builders: the one auth path. A REST call with a key and a dashboard call with a
// session end in the same `{ workspaceId, actor }`, so procedures cannot tell them apart.

export type Actor =
  | { kind: 'key'; keyId: string; scopes: string[] }
  | { kind: 'user'; userId: string; role: 'owner' | 'admin' | 'viewer'; scopes: string[] };

async function rateLimit(ctx: RequestContext, subject: string) {
  const { limiter } = ctx.services;
  const d = await spend(limiter, subject);
  ctx.response.headers['RateLimit-Limit'] = String(limiter.limit);
  ctx.response.headers['RateLimit-Remaining'] = String(d.remaining);
  ctx.response.headers['RateLimit-Reset'] = String(d.resetSeconds);
  if (!d.allowed) throw new RefcountError('rate_limited', 'rate limit exceeded', { retryAfter: d.resetSeconds });
}

async function workspacePrincipal(ctx: RequestContext): Promise<{ workspaceId: string; actor: Actor }> {
  if (ctx.transport === 'dashboard') {
    if (!ctx.session) throw unauthorized('sign in first');
    const where = ctx.session.workspaceId
      ? and(eq(memberships.userId, ctx.session.userId), eq(memberships.workspaceId, ctx.session.workspaceId))
      : eq(memberships.userId, ctx.session.userId);
    const [m] = await ctx.db.select().from(memberships).where(where).orderBy(asc(memberships.createdAt)).limit(1);
    if (!m) throw unauthorized('no workspace for this user');
    return { workspaceId: m.workspaceId, actor: { kind: 'user', userId: m.userId, role: m.role, scopes: scopesOfRole(m.role) } };
  }
  const key = await resolveKey(ctx.db, ctx.authorization);
  await rateLimit(ctx, key.keyId);
  if (key.family !== 'workspace') throw insufficientScope('workspace_key');
  return { workspaceId: key.workspaceId, actor: { kind: 'key', keyId: key.keyId, scopes: key.scopes } };
}

const requireWorkspace = (need: NeededScope) =>
  middleware(async ({ ctx, next }) => {
    const { workspaceId, actor } = await workspacePrincipal(ctx);
    if (!grants(actor.scopes, need)) throw insufficientScope(need);
    return next({ ctx: { workspaceId, actor } });
  });

const requireAffiliate = middleware(async ({ ctx, next }) => {
  const key = await resolveKey(ctx.db, ctx.authorization);
  await rateLimit(ctx, key.keyId);
  if (key.family !== 'affiliate') throw insufficientScope('affiliate_key');
  return next({ ctx: { workspaceId: key.workspaceId, affiliateId: key.affiliateId } });
});

export const publicProcedure = baseProcedure;
/** Workspace-key or dashboard-session procedure needing `need`; POSTs honour Idempotency-Key. */
export const workspaceProcedure = (need: NeededScope) =>
  baseProcedure.use(requireWorkspace(need)).use(withIdempotency);
/** Read-only affiliate-key procedure; every query it makes filters on ctx.affiliateId. */
export const affiliateProcedure = baseProcedure.use(requireAffiliate);

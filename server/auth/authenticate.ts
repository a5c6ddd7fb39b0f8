import { and, asc, eq } from 'drizzle-orm';
import { memberships, users, workspaceKeys } from '@/db/schema';
import type { Actor as DomainActor, WorkspaceCtx } from '../domain/context';
import { insufficientScope, RefcountError, unauthorized } from '../errors/errors';
import { spend } from '../lib/rate-limit';
import type { RequestContext } from '../trpc/context';
import { forgetKey, knownKey } from './known-keys';
import { resolveKey, touchLastUsed } from './resolve-key';
import { presentedToken } from './tokens';
import { grants, scopesOfRole, type NeededScope } from './scopes';
import type { TeamRole } from '../model/enums';

// The one auth path, as plain functions: the tRPC procedure builders and the tracking fast path
// both call these, so a key means the same thing everywhere.

/** The request's actor: the domain's key or user actor (the audit log's "who") and what it may do. */
export type Actor =
  | (Extract<DomainActor, { kind: 'key' }> & { scopes: string[] })
  | (Extract<DomainActor, { kind: 'user' }> & { role: TeamRole; scopes: string[] });

/** Spends one request of `subject`'s budget and says so in the RateLimit-* headers. */
async function spendBudget(ctx: RequestContext, subject: string) {
  const { limiter } = ctx.services;
  const d = await spend(limiter, subject);
  ctx.response.headers['RateLimit-Limit'] = String(limiter.limit);
  ctx.response.headers['RateLimit-Remaining'] = String(d.remaining);
  ctx.response.headers['RateLimit-Reset'] = String(d.resetSeconds);
  return d;
}

async function rateLimit(ctx: RequestContext, subject: string) {
  const d = await spendBudget(ctx, subject);
  if (!d.allowed) throw new RefcountError('rate_limited', 'rate limit exceeded', { retryAfter: d.resetSeconds });
}

async function sessionPrincipal(ctx: RequestContext): Promise<{ workspaceId: string; actor: Actor }> {
  const { session } = ctx;
  if (!session) throw unauthorized('sign in first');
  const where = session.workspaceId
    ? and(eq(memberships.userId, session.userId), eq(memberships.workspaceId, session.workspaceId))
    : eq(memberships.userId, session.userId);
  // The user row rides along by its key: a session older than its session_version has ended (sessions.ts).
  const [m] = await ctx.db
    .select({ workspaceId: memberships.workspaceId, userId: memberships.userId, role: memberships.role, sessionVersion: users.sessionVersion })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  if (!m) throw unauthorized('no workspace for this user');
  if (m.sessionVersion !== session.sessionVersion) throw unauthorized('this session has ended: sign in again');
  return { workspaceId: m.workspaceId, actor: { kind: 'user', userId: m.userId, role: m.role, scopes: scopesOfRole(m.role) } };
}

/**
 * The key of a REST call, spending its budget. A caller without a valid key spends its
 * address's budget instead, so guessing tokens is limited like any other traffic.
 */
async function keyPrincipal(ctx: RequestContext, { spendKeyBudget = true } = {}) {
  let key: Awaited<ReturnType<typeof resolveKey>>;
  try {
    key = await resolveKey(ctx.db, ctx.authorization);
  } catch (err) {
    if (RefcountError.is(err) && err.code === 'unauthorized') await rateLimit(ctx, `ip:${ctx.clientIp ?? 'unknown'}`);
    throw err;
  }
  if (spendKeyBudget) await rateLimit(ctx, key.keyId);
  return key;
}

/**
 * The caller's key (either family): the MCP server's gate. It spends the key's budget unless the
 * request is a tool call, which spends it in /v1 like any call (one unit per call, not two).
 */
export const authenticateKey = (ctx: RequestContext, { toolCall }: { toolCall: boolean }) => keyPrincipal(ctx, { spendKeyBudget: !toolCall });

/** Once the caller is known to be allowed, what was wrong with its request is the answer. */
function answerFraming(ctx: RequestContext) {
  if (ctx.framingError) throw ctx.framingError;
}

/** A workspace key (REST) or a member's session (dashboard) allowed `need`, within its rate. */
export async function authenticateWorkspace(ctx: RequestContext, need: NeededScope) {
  let principal: { workspaceId: string; actor: Actor; settings?: WorkspaceCtx['settings'] };
  if (ctx.transport === 'dashboard') principal = await sessionPrincipal(ctx);
  else {
    const key = await keyPrincipal(ctx);
    if (key.family !== 'workspace') throw insufficientScope('workspace_key');
    // the settings as the key lookup read them (WorkspaceCtx.settings)
    const via = ctx.via ? { via: ctx.via } : {};
    principal = { workspaceId: key.workspaceId, actor: { kind: 'key', keyId: key.keyId, scopes: key.scopes, ...via }, settings: key.settings };
  }
  if (!grants(principal.actor.scopes, need)) throw insufficientScope(need);
  answerFraming(ctx);
  return principal;
}

/** A read-only affiliate key, within its rate. */
export async function authenticateAffiliate(ctx: RequestContext) {
  const key = await keyPrincipal(ctx);
  if (key.family !== 'affiliate') throw insufficientScope('affiliate_key');
  answerFraming(ctx);
  return { workspaceId: key.workspaceId, affiliateId: key.affiliateId, settings: key.settings };
}

/**
 * The tracking path's shortcut past the key lookup: a workspace key this process has verified
 * before (server/auth/known-keys.ts), allowed `need` then, its budget spent now. It is only
 * presumed valid: the caller must write under `keyHash` in a statement that checks the key again
 * (server/store/click-write.ts), and on `unauthorized` call `refusedPresumedKey` and answer through
 * authenticateWorkspace, which then gives whatever answer the key has earned (401, 403). null:
 * nothing to presume (a session, a framing error to answer, an unknown or out-of-budget key: the
 * usual path answers those, spending again from a budget that is gone anyway).
 */
export async function presumeWorkspaceKey(ctx: RequestContext, need: NeededScope): Promise<{ workspaceId: string; keyHash: string } | null> {
  if (ctx.transport === 'dashboard' || ctx.framingError) return null;
  const presented = presentedToken(ctx.authorization);
  if (presented?.family !== 'workspace') return null;
  const keyHash = presented.hash;
  const key = knownKey(ctx.db, keyHash);
  if (!key || !grants(key.scopes, need)) return null;
  if (!(await spendBudget(ctx, key.keyId)).allowed) return null;
  const { touchedAt } = key;
  key.touchedAt = new Date(); // requests arriving during the touch do not touch again
  key.touchedAt = await touchLastUsed(ctx.db, workspaceKeys, key.keyId, touchedAt);
  return { workspaceId: key.workspaceId, keyHash };
}

/** The presumed key was refused by the write's own check (revoked): it is looked up from now on. */
export const refusedPresumedKey = (ctx: RequestContext, keyHash: string) => forgetKey(ctx.db, keyHash);

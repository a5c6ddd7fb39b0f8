import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JWT } from 'next-auth/jwt';
import type { DbOrTx } from '@/db/client';
import { affiliates, users } from '@/db/schema';
import { ACCESS_STATUSES } from '../domain/affiliates/access';

// Dashboard and portal sessions are next-auth JWT cookies, which no node can take back. So each
// carries the session_version its user (or affiliate) had at sign-in, and every request compares
// it with the row it reads anyway: adding one to the row ends every session of that person at
// once, on every node (docs/workspaces-and-keys.md, "Sessions").

/** The next-auth user as our callbacks shape it (next-auth.ts); fields absent when not signed in. */
export type SessionUser = { id?: string; affiliateId?: string; workspaceId?: string; sessionVersion?: number } | undefined;

/** A signed-in dashboard user as the dashboard's tRPC endpoint attaches it. */
export type UserSession = { userId: string; workspaceId?: string; sessionVersion: number };
/** A signed-in portal affiliate as the portal's tRPC endpoint attaches it. */
export type PortalSession = { workspaceId: string; affiliateId: string; sessionVersion: number };

// A cookie without a version predates versions: it is no session (its owner signs in once more).
const versionOf = (user: SessionUser) => (Number.isInteger(user?.sessionVersion) ? user!.sessionVersion! : null);

export function userSession(user: SessionUser): UserSession | null {
  const sessionVersion = versionOf(user);
  return user?.id && sessionVersion !== null ? { userId: user.id, sessionVersion } : null;
}

export function portalSession(user: SessionUser): PortalSession | null {
  const sessionVersion = versionOf(user);
  return user?.affiliateId && user.workspaceId && sessionVersion !== null
    ? { affiliateId: user.affiliateId, workspaceId: user.workspaceId, sessionVersion }
    : null;
}

/**
 * Ends every session of a dashboard user. `from`: only while the user is still at that version,
 * so a session that has already ended cannot end the newer ones (a stale cookie's sign-out).
 */
export async function endUserSessions(db: DbOrTx, userId: string, from?: number) {
  const still = from === undefined ? undefined : eq(users.sessionVersion, from);
  await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(and(eq(users.id, userId), still));
}

/** Ends every portal session of an affiliate; `from` as for endUserSessions. */
export async function endAffiliateSessions(db: DbOrTx, who: { workspaceId: string; affiliateId: string }, from?: number) {
  const still = from === undefined ? undefined : eq(affiliates.sessionVersion, from);
  await db
    .update(affiliates)
    .set({ sessionVersion: sql`${affiliates.sessionVersion} + 1` })
    .where(and(eq(affiliates.workspaceId, who.workspaceId), eq(affiliates.id, who.affiliateId), still));
}

/** next-auth's sign-out event: signing out ends every session of that user or affiliate. */
export async function endSessionsOfToken(db: DbOrTx, token: JWT | null) {
  const user = { id: token?.uid, affiliateId: token?.aid, workspaceId: token?.wid, sessionVersion: token?.sv } as SessionUser;
  const dashboard = userSession(user);
  if (dashboard) await endUserSessions(db, dashboard.userId, dashboard.sessionVersion);
  const portal = portalSession(user);
  if (portal) await endAffiliateSessions(db, portal, portal.sessionVersion);
}

/** Whether this dashboard session is still current (the page layouts; tRPC checks in authenticate.ts). */
export async function userSessionCurrent(db: DbOrTx, s: UserSession): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, s.userId), eq(users.sessionVersion, s.sessionVersion)));
  return !!row;
}

/**
 * Whether this portal session is still current and its affiliate may still use the portal: one
 * read on every portal call (trpc/procedures.ts, portalProcedure) and page.
 */
export async function portalSessionCurrent(db: DbOrTx, s: PortalSession): Promise<boolean> {
  const [row] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(
      and(
        eq(affiliates.workspaceId, s.workspaceId),
        eq(affiliates.id, s.affiliateId),
        eq(affiliates.sessionVersion, s.sessionVersion),
        inArray(affiliates.status, [...ACCESS_STATUSES]),
      ),
    );
  return !!row;
}

import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, users } from '@/db/schema';
import { toApiError } from '../errors/table';
import type { TestApi } from './api';
import { createCallerFactory } from '../trpc/init';
import { createRequestContext, type PortalIdentity, type RequestContext, type Services } from '../trpc/context';
import { appRouter } from '../routers/root';

// Test helper: calls the real router the way the dashboard and portal endpoints do, and reads a
// failure as the contract error the browser receives in `data.api`. Unless a test names the
// session's version, each call's session is current (as if signed in just before it); a session
// captured from a real sign-in, and ended later, is browser-session.ts's.
const createCaller = createCallerFactory(appRouter);

const userVersion = async (db: Db, userId: string) =>
  (await db.select({ v: users.sessionVersion }).from(users).where(eq(users.id, userId)))[0]?.v ?? 0;
const affiliateVersion = async (db: Db, affiliateId: string) =>
  (await db.select({ v: affiliates.sessionVersion }).from(affiliates).where(eq(affiliates.id, affiliateId)))[0]?.v ?? 0;

/** A caller as `identity` on the dashboard or portal endpoint of `services` (one app node). */
export const identityCaller = (services: Services, identity: Pick<RequestContext, 'session' | 'portal'>) =>
  createCaller(createRequestContext(services, { requestId: 'test', transport: 'dashboard', ...identity }));

export function dashboardCaller(api: TestApi, userId: string | null) {
  return createCaller(async () =>
    createRequestContext(api.services, {
      requestId: 'test',
      transport: 'dashboard',
      session: userId ? { userId, sessionVersion: await userVersion(api.db, userId) } : null,
    }),
  );
}

type PortalSignIn = Omit<PortalIdentity, 'sessionVersion'> & { sessionVersion?: number };

export function portalCaller(api: TestApi, portal: PortalSignIn | undefined) {
  return createCaller(async () =>
    createRequestContext(api.services, {
      requestId: 'test',
      transport: 'dashboard',
      portal: portal ? { ...portal, sessionVersion: portal.sessionVersion ?? (await affiliateVersion(api.db, portal.affiliateId)) } : null,
    }),
  );
}

/** `input` is what was sent: the contract tells a missing field from a wrong one by it. */
export async function failure(p: Promise<unknown>, input?: unknown): Promise<{ status: number; error: string; need?: string }> {
  try {
    await p;
  } catch (e) {
    const api = toApiError(e as never, input, 'test');
    return { status: api.status, error: api.body.error, need: (api.body as { need?: string }).need };
  }
  throw new Error('expected the call to fail');
}

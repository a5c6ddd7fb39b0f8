import { toApiError } from '../errors/table';
import type { TestApi } from './api';
import { createCallerFactory } from '../trpc/init';
import { createRequestContext, type PortalIdentity } from '../trpc/context';
import { appRouter } from '../routers/root';

// Test helper: calls the real router the way the dashboard and portal endpoints do, and reads a
// failure as the contract error the browser receives in `data.api`.
const createCaller = createCallerFactory(appRouter);

export function dashboardCaller(api: TestApi, userId: string | null) {
  return createCaller(createRequestContext(api.services, { requestId: 'test', transport: 'dashboard', session: userId ? { userId } : null }));
}

export function portalCaller(api: TestApi, portal: PortalIdentity | undefined) {
  return createCaller(createRequestContext(api.services, { requestId: 'test', transport: 'dashboard', portal: portal ?? null }));
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

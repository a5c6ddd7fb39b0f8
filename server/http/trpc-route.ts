import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getServerSession } from 'next-auth';
import { authOptions } from '../auth/next-auth';
import { RefcountError } from '../errors/errors';
import { newId } from '../lib/ids';
import { logError } from '../lib/log';
import { appRouter } from '../routers/root';
import { getServices } from '../runtime/services';
import { createRequestContext, type RequestContext } from '../trpc/context';

/** The next-auth user as our sign-in callbacks shape it (server/auth/next-auth.ts). */
type SessionUser = { id?: string; affiliateId?: string; workspaceId?: string } | undefined;

/**
 * A Next route handler for one of the browser's tRPC endpoints (dashboard, portal): the same
 * router as /v1, with who is signed in read from the next-auth session by `identify`.
 */
export function nextTrpcRoute({ endpoint, identify, incident }: {
  endpoint: string;
  identify: (user: SessionUser) => Pick<RequestContext, 'session' | 'portal'>;
  /** Log event of an unexpected failure. */
  incident: string;
}) {
  return async (req: Request) => {
    const services = await getServices();
    const session = await getServerSession(authOptions);
    const identity = identify(session?.user as SessionUser);
    return fetchRequestHandler({
      endpoint,
      req,
      router: appRouter,
      createContext: () => createRequestContext(services, { requestId: newId(), transport: 'dashboard', ...identity }),
      onError: ({ error, path }) => {
        // Contract errors (unauthorized, not found, invalid state) are answers, not incidents.
        if (error.code === 'INTERNAL_SERVER_ERROR' && !RefcountError.is(error.cause)) logError(incident, { path }, error.cause ?? error);
      },
    });
  };
}

// The portal's tRPC endpoint: the same router, with the signed-in affiliate attached (never a user).
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getServerSession } from 'next-auth';
import { authOptions } from '@/server/auth/next-auth';
import { RefcountError } from '@/server/errors/errors';
import { newId } from '@/server/lib/ids';
import { logError } from '@/server/lib/log';
import { appRouter } from '@/server/routers/root';
import type { PortalIdentity } from '@/server/routers/portal/portal-procedure';
import { getServices } from '@/server/runtime/services';
import { createRequestContext } from '@/server/trpc/context';

const handler = async (req: Request) => {
  const services = await getServices();
  const session = await getServerSession(authOptions);
  const user = session?.user as { affiliateId?: string; workspaceId?: string } | undefined;
  const portal: PortalIdentity | undefined =
    user?.affiliateId && user.workspaceId ? { affiliateId: user.affiliateId, workspaceId: user.workspaceId } : undefined;
  return fetchRequestHandler({
    endpoint: '/portal/api/trpc',
    req,
    router: appRouter,
    // transport 'dashboard' without a user session: workspace procedures answer 401 here.
    createContext: () => ({ ...createRequestContext(services, { requestId: newId(), transport: 'dashboard' }), portal }),
    onError: ({ error, path }) => {
      // Contract errors (not signed in, used invitation) are answers, not incidents.
      if (error.code === 'INTERNAL_SERVER_ERROR' && !RefcountError.is(error.cause)) logError('portal.unexpected', { path }, error.cause ?? error);
    },
  });
};

export { handler as GET, handler as POST };

// The dashboard's tRPC endpoint: the same routers as /v1, authenticated by the next-auth session.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getServerSession } from 'next-auth';
import { authOptions } from '@/server/auth/next-auth';
import { RefcountError } from '@/server/errors/errors';
import { newId } from '@/server/lib/ids';
import { logError } from '@/server/lib/log';
import { appRouter } from '@/server/routers/root';
import { getServices } from '@/server/runtime/services';
import { createRequestContext } from '@/server/trpc/context';

const handler = async (req: Request) => {
  const services = await getServices();
  const session = await getServerSession(authOptions);
  const userId = (session?.user as { id?: string } | undefined)?.id;
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () =>
      createRequestContext(services, { requestId: newId(), transport: 'dashboard', session: userId ? { userId } : null }),
    onError: ({ error, path }) => {
      // Contract errors (unauthorized, not found, invalid state) are answers, not incidents.
      if (error.code === 'INTERNAL_SERVER_ERROR' && !RefcountError.is(error.cause)) logError('dashboard.unexpected', { path }, error.cause ?? error);
    },
  });
};

export { handler as GET, handler as POST };

// The portal's tRPC endpoint: the same router, with the signed-in affiliate attached (never a
// user session, so workspace procedures answer 401 here).
import { portalSession } from '@/server/auth/sessions';
import { nextTrpcRoute } from '@/server/http/trpc-route';

const handler = nextTrpcRoute({
  endpoint: '/portal/api/trpc',
  identify: (user) => ({ session: null, portal: portalSession(user) }),
  incident: 'portal.unexpected',
});

export { handler as GET, handler as POST };

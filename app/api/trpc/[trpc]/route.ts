// The dashboard's tRPC endpoint: the same routers as /v1, authenticated by the next-auth session.
import { userSession } from '@/server/auth/sessions';
import { nextTrpcRoute } from '@/server/http/trpc-route';

const handler = nextTrpcRoute({
  endpoint: '/api/trpc',
  identify: (user) => ({ session: userSession(user), portal: null }),
  incident: 'dashboard.unexpected',
});

export { handler as GET, handler as POST };

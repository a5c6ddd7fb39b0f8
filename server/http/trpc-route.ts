import { getServerSession } from 'next-auth';
import { authOptions } from '../auth/next-auth';
import type { SessionUser } from '../auth/sessions';
import { getServices } from '../runtime/services';
import { createTrpcHandler, type TrpcIdentity } from './trpc-handler';

/**
 * A Next route handler for one of the browser's tRPC endpoints, with who is signed in read from
 * the next-auth session by `identify`.
 */
export function nextTrpcRoute({ endpoint, identify, incident }: {
  endpoint: string;
  identify: (user: SessionUser) => TrpcIdentity;
  /** Log event of an unexpected failure. */
  incident: string;
}) {
  let handle: ReturnType<typeof createTrpcHandler> | undefined;
  return async (req: Request) => {
    handle ??= createTrpcHandler(await getServices(), { endpoint, incident });
    const session = await getServerSession(authOptions);
    return handle(req, identify(session?.user as SessionUser));
  };
}

import type { Database, Db } from '@/db/client';
import type { Config } from '../lib/env';
import type { RateLimiter } from '../lib/rate-limit';

/**
 * Long-lived parts shared by every request of one process: `limiter` spends API keys' budgets,
 * `signInLinkLimiter` the portal's sign-in-link e-mails (both shared through Redis when
 * configured). Closed together by closeServices (server/http/services.ts).
 */
export type Services = { database: Database; limiter: RateLimiter; signInLinkLimiter: RateLimiter; config: Config };

/** What a transport (REST dispatcher or dashboard) knows about one request. */
export type RequestContext = {
  db: Db;
  services: Services;
  requestId: string;
  transport: 'rest' | 'dashboard';
  authorization: string | null;
  idempotencyKey: string | null;
  /** Signed-in dashboard user, resolved by next-auth. */
  session: { userId: string; workspaceId?: string } | null;
  /** Filled by procedures and middleware; the transport writes it out. */
  response: { status?: number; headers: Record<string, string>; contentType?: string };
};

export function createRequestContext(
  services: Services,
  init: Pick<RequestContext, 'requestId' | 'transport'> & Partial<RequestContext>,
): RequestContext {
  return {
    db: services.database.db,
    services,
    authorization: null,
    idempotencyKey: null,
    session: null,
    response: { headers: {} },
    ...init,
  };
}

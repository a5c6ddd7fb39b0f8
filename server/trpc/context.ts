import type { Database, Db } from '@/db/client';
import type { RefcountError } from '../errors/errors';
import type { Config } from '../lib/env';
import type { LoginGuard } from '../auth/login-guard';
import type { RateLimiter } from '../lib/rate-limit';

/**
 * Long-lived parts shared by every request of one process: `limiter` spends API keys' budgets,
 * `signInLinkLimiter` the portal's sign-in-link e-mails, `loginGuard` counts failed sign-ins
 * (all shared through Redis when configured). Closed together by closeServices
 * (server/http/services.ts).
 */
export type Services = { database: Database; limiter: RateLimiter; signInLinkLimiter: RateLimiter; loginGuard: LoginGuard; config: Config };

/** What a transport (REST dispatcher or dashboard) knows about one request. */
export type RequestContext = {
  db: Db;
  services: Services;
  requestId: string;
  transport: 'rest' | 'dashboard';
  authorization: string | null;
  idempotencyKey: string | null;
  /** The caller's address, for budgets of callers without a valid key. */
  clientIp: string | null;
  /**
   * What was wrong with the request's framing (JSON, content type, path), answered only once the
   * caller is authenticated so that a request without a valid key always gets 401.
   */
  framingError: RefcountError | null;
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
    clientIp: null,
    framingError: null,
    session: null,
    response: { headers: {} },
    ...init,
  };
}

import type { Db } from '@/db/client';
import type { PortalSession, UserSession } from '../auth/sessions';
import type { RefcountError } from '../errors/errors';
import type { Services } from '../runtime/services';

export type { Services };

/** Who is signed in to the affiliate portal; only the portal's own tRPC endpoint attaches it. */
export type PortalIdentity = PortalSession;

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
  /** Signed-in dashboard user, resolved by next-auth; checked against the user row (sessions.ts). */
  session: UserSession | null;
  /** Signed-in affiliate of the portal's endpoint; never set on /v1 or the dashboard's. */
  portal: PortalIdentity | null;
  /**
   * The embed token of the embedded referral page (/embed/referrals), set only by that page's
   * server-side caller (server/embed/caller.ts): never by /v1 nor the dashboard's endpoints.
   */
  embedToken: string | null;
  /** 'mcp': a /v1 call made by an MCP tool (server/mcp), named so in the audit log. */
  via: 'mcp' | null;
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
    portal: null,
    embedToken: null,
    via: null,
    response: { headers: {} },
    ...init,
  };
}

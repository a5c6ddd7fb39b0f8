import type { DbOrTx } from '@/db/client';
import type { workspaceSettings } from '@/db/schema';

/**
 * What domain functions need to act for a workspace: its id and a database handle. `settings`:
 * the workspace's settings as the request's key lookup read them (server/auth/resolve-key.ts), so
 * readSettings needs no statement of its own; absent, readSettings reads them.
 */
export type WorkspaceCtx = { db: DbOrTx; workspaceId: string; settings?: typeof workspaceSettings.$inferSelect };
/** What affiliate-scoped reads need: every query filters on affiliateId. */
export type AffiliateCtx = WorkspaceCtx & { affiliateId: string };

/**
 * Who makes a change, as the audit log records it: a dashboard user, a workspace API key, an
 * affiliate (portal, own keys), or a system job / operator command (`job` names it). The auth
 * path (server/auth/authenticate.ts) computes the user and key actors of each request.
 */
export type Actor =
  | { kind: 'user'; userId: string }
  | { kind: 'key'; keyId: string; via?: 'mcp' }
  | { kind: 'affiliate'; affiliateId: string }
  | { kind: 'system'; job: string };

/** A management write: the change and its audit row (domain/audit) name `actor`. */
export type ActingCtx = WorkspaceCtx & { actor: Actor };

export const systemActor = (job: string): Actor => ({ kind: 'system', job });

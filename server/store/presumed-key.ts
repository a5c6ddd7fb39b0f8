import { sql, type SQL } from 'drizzle-orm';
import { scopesGranting } from '../auth/scopes';

const trackScopes = sql.raw(`array[${scopesGranting('track').map((s) => `'${s}'`).join(', ')}]::text[]`);

/**
 * SQL that is true when a tracking request's presumed workspace key (presumeWorkspaceKey,
 * server/auth/authenticate.ts) still stands: not revoked, of this workspace, granting track. True
 * when no key is given (the caller checked its credentials already). Tracking statements carry it
 * so a request under a key this process verified before needs no lookup of its own, and a key
 * revoked since is refused by the very next request. A scalar subquery, not EXISTS: correlated to
 * a row of the statement (a sale's in a batch), an EXISTS may be run as a hash of every key of
 * every workspace; this stays one probe of the hash's index.
 */
export const presumedKeyStands = (keyHash: SQL, workspaceId: SQL) => sql<boolean>`(${keyHash} is null or coalesce((
  select true from workspace_keys k
  where k.hash = ${keyHash} and k.workspace_id = ${workspaceId} and k.revoked_at is null and k.scopes && ${trackScopes}
  limit 1
), false))`;

/** One row whatever else exists: a read that carries the key's verdict answers even when it finds nothing. */
export const oneRow = sql`(select 1) as one`;

import { sql, type SQL } from 'drizzle-orm';
import { scopesGranting } from '../auth/scopes';

const trackScopes = sql.raw(`array[${scopesGranting('track').map((s) => `'${s}'`).join(', ')}]::text[]`);

/**
 * SQL that is true when a tracking request's presumed workspace key (presumeWorkspaceKey,
 * server/auth/authenticate.ts) still stands: not revoked, of this workspace, granting track. True
 * when no key is given (the caller checked its credentials already). Tracking statements carry it
 * so a request under a key this process verified before needs no lookup of its own, and a key
 * revoked since is refused by the very next request.
 *
 * `keys`: an SQL array (text[]) of every key hash the statement checks, not tied to the row. The
 * keys are read once per statement, by their hash's index, and each row looks its own up in a hash
 * of them: neither every key of every workspace hashed for each statement, nor the keys table
 * scanned again for each row of a batch (docs/performance-history.md#small-tables-scanned-again-for-every-row).
 */
export const presumedKeyStands = (keyHash: SQL, workspaceId: SQL, keys: SQL) => sql<boolean>`(${keyHash} is null or (${keyHash}, ${workspaceId}) in (
  select k.hash, k.workspace_id from workspace_keys k
  where k.hash = any(${keys}) and k.revoked_at is null and k.scopes && ${trackScopes}
))`;

/** The distinct key hashes a batch's requests came under, for `presumedKeyStands`'s `keys`. */
export const keyHashesOf = (hashes: (string | null)[]): string[] => [...new Set(hashes.filter((h): h is string => !!h))];

/** One row whatever else exists: a read that carries the key's verdict answers even when it finds nothing. */
export const oneRow = sql`(select 1) as one`;

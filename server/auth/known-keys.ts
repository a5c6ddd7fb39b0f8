import type { DbOrTx } from '@/db/client';

/**
 * What this process learnt when it verified a workspace key: facts of the key that never change
 * (its id, workspace and scopes; a key is only ever revoked, never edited) and when it last wrote
 * the key's last_used_at. Not a cache of validity: a request that skips the lookup on the strength
 * of this memo must have its write check the key again in the write's own statement
 * (presumeWorkspaceKey, server/auth/authenticate.ts), so a revoked key is still refused on the very
 * next request, by every process.
 */
export type KnownKey = { keyId: string; workspaceId: string; scopes: string[]; touchedAt: Date };

// Bounded: a process remembers its most recently verified keys (only valid keys get in, so a
// caller guessing tokens adds nothing).
const MAX_KNOWN = 10_000;
const known = new WeakMap<DbOrTx, Map<string, KnownKey>>();

const keysOf = (db: DbOrTx) => {
  let m = known.get(db);
  if (!m) known.set(db, (m = new Map()));
  return m;
};

export function rememberKey(db: DbOrTx, hash: string, key: KnownKey) {
  const m = keysOf(db);
  m.delete(hash);
  if (m.size >= MAX_KNOWN) m.delete(m.keys().next().value!);
  m.set(hash, key);
}

export const knownKey = (db: DbOrTx, hash: string): KnownKey | undefined => known.get(db)?.get(hash);

export const forgetKey = (db: DbOrTx, hash: string) => void known.get(db)?.delete(hash);

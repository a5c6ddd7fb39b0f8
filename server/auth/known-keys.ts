import type { DbOrTx } from '@/db/client';
import { keptPerHandle } from '../lib/kept-per-handle';

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
const known = keptPerHandle<KnownKey>(10_000);

export const rememberKey = (db: DbOrTx, hash: string, key: KnownKey) => known.set(db, hash, key);

export const knownKey = (db: DbOrTx, hash: string): KnownKey | undefined => known.get(db, hash);

export const forgetKey = (db: DbOrTx, hash: string) => known.delete(db, hash);

import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliateKeys, affiliates, workspaceKeys } from '@/db/schema';
import { ACCESS_STATUSES } from '../domain/affiliates/access';
import { unauthorized } from '../errors/errors';
import { bearerToken, hashToken, sameHash, tokenFamily } from './tokens';

export type KeyPrincipal =
  | { family: 'workspace'; keyId: string; workspaceId: string; scopes: string[] }
  | { family: 'affiliate'; keyId: string; workspaceId: string; affiliateId: string };

const TOUCH_EVERY_MS = 60_000;
const lastTouched = new Map<string, number>();

// Verified keys are remembered for a few seconds so a tracking call costs one round trip, not
// two. Revocation or an affiliate's status change in this process clears the entry at once;
// another node sees it within CACHE_MS.
// Whose keys work: ACCESS_STATUSES (suspended or rejected affiliates' keys answer like revoked ones).
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;
const verified = new Map<string, { principal: KeyPrincipal; until: number }>();

export function forgetKey(keyId: string) {
  for (const [hash, entry] of verified) if (entry.principal.keyId === keyId) verified.delete(hash);
}

/** Called after an affiliate's status changes: its keys are checked against the new status. */
export function forgetAffiliateKeys(affiliateId: string) {
  for (const [hash, entry] of verified) if (entry.principal.family === 'affiliate' && entry.principal.affiliateId === affiliateId) verified.delete(hash);
}

function remember(hash: string, principal: KeyPrincipal): KeyPrincipal {
  if (verified.size >= CACHE_MAX) verified.clear();
  verified.set(hash, { principal, until: Date.now() + CACHE_MS });
  return principal;
}

// last_used_at is written at most once a minute per key, so a busy key costs no extra writes.
async function touch(db: DbOrTx, table: typeof workspaceKeys | typeof affiliateKeys, id: string) {
  const now = Date.now();
  if ((lastTouched.get(id) ?? 0) > now - TOUCH_EVERY_MS) return;
  lastTouched.set(id, now);
  await db
    .update(table)
    .set({ lastUsedAt: new Date(now) })
    .where(and(eq(table.id, id), or(isNull(table.lastUsedAt), lt(table.lastUsedAt, sql`now() - interval '1 minute'`))));
}

/** Bearer header → key principal, or `unauthorized`. Malformed tokens never reach the database. */
export async function resolveKey(db: DbOrTx, header: string | null | undefined): Promise<KeyPrincipal> {
  const token = bearerToken(header);
  const family = token ? tokenFamily(token) : null;
  if (!token || !family) throw unauthorized();
  const hash = hashToken(token);
  const cached = verified.get(hash);
  if (cached && cached.until > Date.now()) return cached.principal;
  if (family === 'workspace') {
    const [key] = await db
      .select({ id: workspaceKeys.id, hash: workspaceKeys.hash, workspaceId: workspaceKeys.workspaceId, scopes: workspaceKeys.scopes })
      .from(workspaceKeys)
      .where(and(eq(workspaceKeys.hash, hash), isNull(workspaceKeys.revokedAt)));
    if (!key || !sameHash(key.hash, hash)) throw unauthorized();
    await touch(db, workspaceKeys, key.id);
    return remember(hash, { family, keyId: key.id, workspaceId: key.workspaceId, scopes: key.scopes });
  }
  const [key] = await db
    .select({ id: affiliateKeys.id, hash: affiliateKeys.hash, workspaceId: affiliateKeys.workspaceId, affiliateId: affiliateKeys.affiliateId })
    .from(affiliateKeys)
    .innerJoin(affiliates, and(eq(affiliates.workspaceId, affiliateKeys.workspaceId), eq(affiliates.id, affiliateKeys.affiliateId)))
    .where(and(eq(affiliateKeys.hash, hash), isNull(affiliateKeys.revokedAt), inArray(affiliates.status, [...ACCESS_STATUSES])));
  if (!key || !sameHash(key.hash, hash)) throw unauthorized();
  await touch(db, affiliateKeys, key.id);
  return remember(hash, { family, keyId: key.id, workspaceId: key.workspaceId, affiliateId: key.affiliateId });
}

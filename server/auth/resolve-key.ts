import { and, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { affiliateKeys, affiliates, workspaceKeys, workspaceSettings } from '@/db/schema';
import { ACCESS_STATUSES } from '../domain/affiliates/access';
import type { WorkspaceCtx } from '../domain/context';
import { unauthorized } from '../errors/errors';
import { groupCommit } from '../lib/group-commit';
import { batchValues } from '../lib/json-rows';
import { rememberKey } from './known-keys';
import { presentedToken, sameHash } from './tokens';

export type KeyPrincipal =
  | { family: 'workspace'; keyId: string; workspaceId: string; scopes: string[]; settings: WorkspaceCtx['settings'] }
  | { family: 'affiliate'; keyId: string; workspaceId: string; affiliateId: string; settings: WorkspaceCtx['settings'] };

// No cache of verified keys: every request looks its key up, so a revocation (dashboard, CLI,
// API) or an affiliate's suspension is refused on the very next request by every process sharing
// the database. What keeps that cheap: requests that arrive while lookups are in flight share the
// next one (server/lib/group-commit.ts), which is sent after each of them arrived, so it is as
// fresh as a lookup of their own; one prepared statement per token family, planned once per
// connection. Under load, one round trip serves many requests (the tracking hot path counts on it).
// Clicks go one step further: under a key this process verified before, the click statement
// itself checks the key (server/auth/known-keys.ts, presumeWorkspaceKey), so no lookup is needed.
// Whose keys work: ACCESS_STATUSES (suspended or rejected affiliates' keys answer like revoked ones).
// A key's row comes with its workspace's settings, which most API calls read next (a sale, a
// refund, every report, an affiliate's earnings): one statement, and one round trip, fewer for each.
function prepareLookups(db: DbOrTx) {
  const hashes = batchValues('hashes');
  const workspace = db
    .select({
      id: workspaceKeys.id, hash: workspaceKeys.hash, workspaceId: workspaceKeys.workspaceId, scopes: workspaceKeys.scopes, lastUsedAt: workspaceKeys.lastUsedAt,
      settings: getTableColumns(workspaceSettings),
    })
    .from(workspaceKeys)
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, workspaceKeys.workspaceId))
    .where(and(sql`${workspaceKeys.hash} = any (${hashes})`, isNull(workspaceKeys.revokedAt)))
    .prepare('refcount_resolve_workspace_keys');
  const affiliate = db
    .select({
      id: affiliateKeys.id, hash: affiliateKeys.hash, workspaceId: affiliateKeys.workspaceId, affiliateId: affiliateKeys.affiliateId, lastUsedAt: affiliateKeys.lastUsedAt,
      settings: getTableColumns(workspaceSettings),
    })
    .from(affiliateKeys)
    .innerJoin(affiliates, and(eq(affiliates.workspaceId, affiliateKeys.workspaceId), eq(affiliates.id, affiliateKeys.affiliateId)))
    .leftJoin(workspaceSettings, eq(workspaceSettings.workspaceId, affiliateKeys.workspaceId))
    .where(and(sql`${affiliateKeys.hash} = any (${hashes})`, isNull(affiliateKeys.revokedAt), inArray(affiliates.status, [...ACCESS_STATUSES])))
    .prepare('refcount_resolve_affiliate_keys');
  return { workspace: shared(workspace), affiliate: shared(affiliate) };
}

/** Concurrent lookups of one family share a statement; each caller gets its own hash's row. */
function shared<R extends { hash: string }>(lookup: { execute: (p: { hashes: string }) => Promise<R[]> }) {
  return groupCommit<string, R | undefined>({
    maxBatch: 256,
    maxInFlight: 2,
    write: async (hashes) => {
      const rows = await lookup.execute({ hashes: JSON.stringify([...new Set(hashes)]) });
      const byHash = new Map(rows.map((r) => [r.hash, r]));
      return hashes.map((h) => byHash.get(h));
    },
  });
}

const lookups = new WeakMap<DbOrTx, ReturnType<typeof prepareLookups>>();
const lookupsOf = (db: DbOrTx) => {
  let l = lookups.get(db);
  if (!l) lookups.set(db, (l = prepareLookups(db)));
  return l;
};

const TOUCH_EVERY_MS = 60_000;

// last_used_at is written at most once a minute per key (the row read says when it was last
// written), so a busy key costs no extra writes; it is a second statement only then. Answers when
// the column was last written, as far as this caller knows.
export async function touchLastUsed(db: DbOrTx, table: typeof workspaceKeys | typeof affiliateKeys, id: string, lastUsedAt: Date | null): Promise<Date> {
  if (lastUsedAt && lastUsedAt.getTime() > Date.now() - TOUCH_EVERY_MS) return lastUsedAt;
  await db
    .update(table)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(table.id, id), or(isNull(table.lastUsedAt), lt(table.lastUsedAt, sql`now() - interval '1 minute'`))));
  return new Date();
}

/** Bearer header → key principal, or `unauthorized`. Malformed tokens never reach the database. */
export async function resolveKey(db: DbOrTx, header: string | null | undefined): Promise<KeyPrincipal> {
  const presented = presentedToken(header);
  if (!presented) throw unauthorized();
  const { family, hash } = presented;
  if (family === 'workspace') {
    const key = await lookupsOf(db).workspace(hash);
    if (!key || !sameHash(key.hash, hash)) throw unauthorized();
    const touchedAt = await touchLastUsed(db, workspaceKeys, key.id, key.lastUsedAt);
    rememberKey(db, hash, { keyId: key.id, workspaceId: key.workspaceId, scopes: key.scopes, touchedAt });
    return { family, keyId: key.id, workspaceId: key.workspaceId, scopes: key.scopes, settings: key.settings ?? undefined };
  }
  const key = await lookupsOf(db).affiliate(hash);
  if (!key || !sameHash(key.hash, hash)) throw unauthorized();
  await touchLastUsed(db, affiliateKeys, key.id, key.lastUsedAt);
  return { family, keyId: key.id, workspaceId: key.workspaceId, affiliateId: key.affiliateId, settings: key.settings ?? undefined };
}

/** Workspace key lookups on `db` so far (items looked up, statements sent). */
export const workspaceKeyLookups = (db: DbOrTx) => lookupsOf(db).workspace.stats();

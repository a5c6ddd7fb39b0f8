import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/db/client';
import { importRefs } from '@/db/schema';
import type { ImportKind } from './types';

// The import_refs rows: which peer records a workspace already imported, and as what.

export type RefScope = { workspaceId: string; source: string };

/** The local ids of those of `externalIds` imported already, by the peer's id. */
export async function knownRefs(db: DbOrTx, scope: RefScope, kind: ImportKind, externalIds: string[]): Promise<Map<string, string>> {
  if (!externalIds.length) return new Map();
  const rows = await db
    .select({ externalId: importRefs.externalId, localId: importRefs.localId })
    .from(importRefs)
    .where(and(eq(importRefs.workspaceId, scope.workspaceId), eq(importRefs.source, scope.source), eq(importRefs.kind, kind), inArray(importRefs.externalId, externalIds)));
  return new Map(rows.map((r) => [r.externalId, r.localId]));
}

/** Notes records as imported, in the transaction that wrote them. */
export async function noteRefs(tx: DbOrTx, scope: RefScope, kind: ImportKind, pairs: { externalId: string; localId: string }[]) {
  if (!pairs.length) return;
  await tx
    .insert(importRefs)
    .values(pairs.map((p) => ({ ...scope, kind, ...p })))
    .onConflictDoNothing();
}

/**
 * Inside a write's transaction: waits for any other run importing from the same peer into the same
 * workspace to commit, then answers which of `ids` are still not imported. Two runs at once (a
 * double-clicked dashboard button, a rerun while the first still runs) so never write a record twice.
 */
export async function claimFresh<T extends { id: string }>(tx: Tx, scope: RefScope, kind: ImportKind, items: T[]): Promise<T[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`refcount:import:${scope.workspaceId}:${scope.source}`}))`);
  const known = await knownRefs(tx, scope, kind, items.map((i) => i.id));
  return items.filter((i) => !known.has(i.id));
}

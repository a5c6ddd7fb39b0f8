import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
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

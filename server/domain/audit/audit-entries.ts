import type { DbOrTx } from '@/db/client';
import { auditEvents } from '@/db/schema';
import { chunks } from '../../lib/chunks';
import type { ActingCtx, Actor } from '../context';

// The audit log of management writes (docs/workspaces-and-keys.md#audit-log). Each row is written with
// the caller's transaction handle, so a change and its record commit or roll back together.
// Tracking ingestion (/v1/track/*, /api/collect, /r) is not audited: those rows are their own ledger.

export type AuditActorType = (typeof auditEvents.$inferInsert)['actorType'];
type Json = Record<string, unknown>;
/** What changed: the record created (`after`), removed (`before`), or the fields that moved. */
export type AuditChanges = { before?: Json; after?: Json } & Json;

export function actorColumns(actor: Actor): { actorType: AuditActorType; actorId: string; via?: 'mcp' } {
  switch (actor.kind) {
    case 'user':
      return { actorType: 'user', actorId: actor.userId };
    case 'key':
      return { actorType: 'api_key', actorId: actor.keyId, ...(actor.via ? { via: actor.via } : {}) };
    case 'affiliate':
      return { actorType: 'affiliate', actorId: actor.affiliateId };
    case 'system':
      return { actorType: 'system', actorId: actor.job };
  }
}

export async function addAuditEntry(
  tx: DbOrTx,
  ctx: ActingCtx,
  action: string,
  target: { type: string; id: string | null },
  changes: AuditChanges,
) {
  await tx.insert(auditEvents).values({
    workspaceId: ctx.workspaceId,
    ...actorColumns(ctx.actor),
    action,
    targetType: target.type,
    targetId: target.id,
    changes,
  });
}

export type AuditEntry = { action: string; target: { type: string; id: string | null }; changes: AuditChanges };

/** Many rows under one actor (a job's batch), a thousand rows a statement. */
export async function addAuditEntries(tx: DbOrTx, ctx: ActingCtx, entries: AuditEntry[]) {
  const actor = actorColumns(ctx.actor);
  for (const slice of chunks(entries)) {
    await tx.insert(auditEvents).values(
      slice.map(({ action, target, changes }) => ({ workspaceId: ctx.workspaceId, ...actor, action, targetType: target.type, targetId: target.id, changes })),
    );
  }
}

// Bookkeeping fields that move on every write and say nothing about what the actor changed.
const IGNORED = new Set(['updated_at']);

/** The fields whose values differ between two presented records, before and after; null if none. */
export function diff(before: Json, after: Json): AuditChanges | null {
  const b: Json = {};
  const a: Json = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED.has(key) || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** Records an update only when something changed (a repeated value is no write). */
export async function addAuditEntryIfChanged(tx: DbOrTx, ctx: ActingCtx, action: string, target: { type: string; id: string | null }, before: Json, after: Json) {
  const changes = diff(before, after);
  if (changes) await addAuditEntry(tx, ctx, action, target, changes);
}

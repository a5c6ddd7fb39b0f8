import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { idempotencyKeys } from '@/db/schema';
import { RefcountError } from '../errors/errors';

const TTL_HOURS = 24;
const WAIT_MS = 15_000;
const STALE_MS = 60_000;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (path: string, input: unknown) =>
  createHash('sha256').update(path).update('\n').update(canonical(input)).digest('hex');

export type Claim = { kind: 'execute' } | { kind: 'replay'; status: number; body: unknown };

const conflict = () =>
  new RefcountError('idempotency_conflict', 'this Idempotency-Key was used with a different request');

/**
 * Claims `key` for this request. The primary key decides races: the loser waits for the winner's
 * stored answer and replays it, so two racing requests execute once.
 */
export async function claimKey(db: DbOrTx, workspaceId: string, key: string, hash: string): Promise<Claim> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // Expired or abandoned (crashed mid-request) claims are cleared before claiming again.
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key),
        sql`(${idempotencyKeys.createdAt} < now() - make_interval(hours => ${TTL_HOURS})
          or (${idempotencyKeys.completedAt} is null and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${STALE_MS / 1000})))`));
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ workspaceId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return { kind: 'execute' };
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key)));
    if (row && row.requestHash !== hash) throw conflict();
    if (row?.completedAt) return { kind: 'replay', status: row.responseStatus ?? 200, body: row.responseBody };
    if (Date.now() > deadline) throw conflict();
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function completeKey(db: DbOrTx, workspaceId: string, key: string, status: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body, completedAt: new Date() })
    .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key)));
}

export async function releaseKey(db: DbOrTx, workspaceId: string, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key)));
}


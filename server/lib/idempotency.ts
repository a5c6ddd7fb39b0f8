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

/** A stored answer: what the first request with this key got. */
export type Replay = { status: number; body: unknown };
type Claim = { kind: 'execute' } | ({ kind: 'replay' } & Replay);

const conflict = () =>
  new RefcountError('idempotency_conflict', 'this Idempotency-Key was used with a different request');

/**
 * Claims `key` for this request. The primary key decides races: the loser waits for the winner's
 * stored answer and replays it, so two racing requests execute once.
 */
async function claimKey(db: DbOrTx, workspaceId: string, key: string, hash: string): Promise<Claim> {
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

async function completeKey(db: DbOrTx, workspaceId: string, key: string, status: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body, completedAt: new Date() })
    .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key)));
}

async function releaseKey(db: DbOrTx, workspaceId: string, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key)));
}


/**
 * The Idempotency-Key protocol (docs/rate-limits-and-idempotency.md), once for every transport: claim the key (a
 * request already answered gets that answer back as `replay`), run, then store the answer that
 * `answerOf` names, or release the key when there is none or `run` throws, so a failed call can be
 * retried as is.
 */
export async function runIdempotent<R>(
  db: DbOrTx,
  { workspaceId, key, hash }: { workspaceId: string; key: string; hash: string },
  run: () => Promise<R>,
  answerOf: (result: R) => Replay | null,
): Promise<{ replay: Replay } | { result: R }> {
  const claim = await claimKey(db, workspaceId, key, hash);
  if (claim.kind === 'replay') return { replay: { status: claim.status, body: claim.body } };
  let result: R;
  try {
    result = await run();
  } catch (err) {
    await releaseKey(db, workspaceId, key);
    throw err;
  }
  const answer = answerOf(result);
  if (answer) await completeKey(db, workspaceId, key, answer.status, answer.body);
  else await releaseKey(db, workspaceId, key);
  return { result };
}

/** Writes a replayed answer's status and marker header; returns its body. */
export function answerReplay(response: { status?: number; headers: Record<string, string> }, replay: Replay): unknown {
  response.status = replay.status;
  response.headers['Idempotent-Replayed'] = 'true';
  return replay.body;
}

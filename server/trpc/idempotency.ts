import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { answerReplay, requestHash, runIdempotent } from '../lib/idempotency';
import type { RequestContext } from './context';
import type { Meta } from './init';

type CallOptions = { ctx: RequestContext; meta: Meta | undefined; path: string; getRawInput: () => Promise<unknown> };

// Idempotency-Key on REST POSTs (docs/rate-limits-and-idempotency.md). Runs after auth so keys are scoped to the
// workspace; only successful results are stored, so a failed call can be retried as is. Called by
// the workspace procedures' one middleware (procedures.ts): each middleware layer costs every call.
export async function idempotent<R extends { ok: true; data: unknown } | { ok: false }>(opts: CallOptions, workspaceId: string, next: () => Promise<R>): Promise<R> {
  const { ctx, meta, getRawInput, path } = opts;
  const key = ctx.idempotencyKey;
  if (!key || ctx.transport !== 'rest' || meta?.openapi?.method !== 'POST') return next();
  const hash = requestHash(path, await getRawInput());
  const outcome = await runIdempotent(ctx.db, { workspaceId, key, hash }, next, (result) =>
    result.ok ? { status: ctx.response.status ?? meta?.successStatus ?? 200, body: result.data } : null);
  if ('result' in outcome) return outcome.result;
  // A stored answer short-circuits the procedure exactly as its own result would.
  return { ok: true as const, data: answerReplay(ctx.response, outcome.replay), marker: middlewareMarker } as unknown as R;
}

import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { answerReplay, requestHash, runIdempotent } from '../lib/idempotency';
import { middleware } from './init';

// Idempotency-Key on REST POSTs (decisions.md §3). Runs after auth so keys are scoped to the
// workspace; only successful results are stored, so a failed call can be retried as is.
export const withIdempotency = middleware(async (opts) => {
  const { ctx, meta, next, getRawInput, path } = opts;
  const key = ctx.idempotencyKey;
  const workspaceId = (ctx as typeof ctx & { workspaceId?: string }).workspaceId;
  if (!key || ctx.transport !== 'rest' || meta?.openapi?.method !== 'POST' || !workspaceId) return next();
  const hash = requestHash(path, await getRawInput());
  const outcome = await runIdempotent(ctx.db, { workspaceId, key, hash }, () => next(), (result) =>
    result.ok ? { status: ctx.response.status ?? meta?.successStatus ?? 200, body: result.data } : null);
  if ('result' in outcome) return outcome.result;
  // A stored answer short-circuits the procedure exactly as its own result would.
  return { ok: true as const, data: answerReplay(ctx.response, outcome.replay), marker: middlewareMarker };
});

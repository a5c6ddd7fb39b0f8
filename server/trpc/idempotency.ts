import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import { claimKey, completeKey, releaseKey, requestHash } from '../lib/idempotency';
import { middleware } from './init';

// Idempotency-Key on REST POSTs (decisions.md §3). Runs after auth so keys are scoped to the
// workspace; only successful results are stored, so a failed call can be retried as is.
export const withIdempotency = middleware(async (opts) => {
  const { ctx, meta, next, getRawInput, path } = opts;
  const key = ctx.idempotencyKey;
  const workspaceId = (ctx as typeof ctx & { workspaceId?: string }).workspaceId;
  if (!key || ctx.transport !== 'rest' || meta?.openapi?.method !== 'POST' || !workspaceId) return next();
  const hash = requestHash(path, await getRawInput());
  const claim = await claimKey(ctx.db, workspaceId, key, hash);
  if (claim.kind === 'replay') {
    ctx.response.status = claim.status;
    ctx.response.headers['Idempotent-Replayed'] = 'true';
    // A stored answer short-circuits the procedure exactly as its own result would.
    return { ok: true as const, data: claim.body, marker: middlewareMarker };
  }
  const result = await next();
  if (result.ok) await completeKey(ctx.db, workspaceId, key, ctx.response.status ?? meta?.successStatus ?? 200, result.data);
  else await releaseKey(ctx.db, workspaceId, key);
  return result;
});

import { authenticateWorkspace } from '../../auth/authenticate';
import { claimKey, completeKey, releaseKey, requestHash } from '../../lib/idempotency';
import type { RequestContext } from '../../trpc/context';
import type { TrackRoute } from '../../track/route';

/**
 * Runs a tracking handler: auth (track scope) and rate limit through the one auth path, the
 * Idempotency-Key protocol, input parsing, the domain call. Errors propagate to the dispatcher.
 */
export async function runTrack(route: TrackRoute, ctx: RequestContext, raw: unknown): Promise<unknown> {
  const { workspaceId } = await authenticateWorkspace(ctx, 'track');
  const input = route.input.parse(raw);
  const domainCtx = { db: ctx.db, workspaceId };
  const key = ctx.idempotencyKey;
  if (!key) return route.run(domainCtx, input);
  const claim = await claimKey(ctx.db, workspaceId, key, requestHash(route.path, raw));
  if (claim.kind === 'replay') {
    ctx.response.status = claim.status;
    ctx.response.headers['Idempotent-Replayed'] = 'true';
    return claim.body;
  }
  try {
    const out = await route.run(domainCtx, input);
    await completeKey(ctx.db, workspaceId, key, 200, out);
    return out;
  } catch (err) {
    await releaseKey(ctx.db, workspaceId, key);
    throw err;
  }
}

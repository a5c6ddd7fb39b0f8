import { authenticateWorkspace } from '../../auth/authenticate';
import { answerReplay, requestHash, runIdempotent } from '../../lib/idempotency';
import type { RequestContext } from '../../trpc/context';
import type { TrackRoute } from '../../track/route';

/**
 * Runs a tracking handler: auth (track scope) and rate limit through the one auth path, the
 * Idempotency-Key protocol, input parsing, the domain call. Errors propagate to the dispatcher.
 */
export async function runTrack(route: TrackRoute, ctx: RequestContext, raw: unknown): Promise<unknown> {
  const { workspaceId } = await authenticateWorkspace(ctx, 'track');
  const input = route.input.parse(raw);
  const { clicks } = ctx.services.database;
  const domainCtx = { db: route.connection === 'clicks' && clicks ? clicks : ctx.db, workspaceId };
  const key = ctx.idempotencyKey;
  if (!key) return route.run(domainCtx, input);
  const hash = requestHash(route.path, raw);
  const outcome = await runIdempotent(ctx.db, { workspaceId, key, hash }, () => route.run(domainCtx, input), (body) => ({ status: 200, body }));
  return 'result' in outcome ? outcome.result : answerReplay(ctx.response, outcome.replay);
}

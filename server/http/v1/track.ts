import { authenticateWorkspace, presumeWorkspaceKey, refusedPresumedKey } from '../../auth/authenticate';
import { RefcountError } from '../../errors/errors';
import { answerReplay, requestHash, runIdempotent } from '../../lib/idempotency';
import type { RequestContext } from '../../trpc/context';
import type { TrackRoute } from '../../track/route';

const dbFor = (route: TrackRoute, ctx: RequestContext) => (route.connection === 'clicks' && ctx.services.database.clicks) || ctx.db;

/**
 * Runs a tracking handler: auth (track scope) and rate limit through the one auth path, the
 * Idempotency-Key protocol, input parsing, the domain call. Errors propagate to the dispatcher.
 */
export async function runTrack(route: TrackRoute, ctx: RequestContext, raw: unknown): Promise<unknown> {
  const presumed = route.checksKey && !ctx.idempotencyKey ? await runUnderPresumedKey(route, ctx, raw) : null;
  if (presumed) return presumed.answer;
  const { workspaceId, settings } = await authenticateWorkspace(ctx, 'track');
  const input = route.input.parse(raw);
  const domainCtx = { db: dbFor(route, ctx), workspaceId, settings, underKey: null };
  const key = ctx.idempotencyKey;
  if (!key) return route.run(domainCtx, input);
  const hash = requestHash(route.path, raw);
  const outcome = await runIdempotent(ctx.db, { workspaceId, key, hash }, () => route.run(domainCtx, input), (body) => ({ status: 200, body }));
  return 'result' in outcome ? outcome.result : answerReplay(ctx.response, outcome.replay);
}

// A valid request under a key this process verified before skips the key lookup: the route's first
// statement checks the key (a click: one round trip per batch instead of two; a sale or a refund:
// the check rides on reads it makes anyway). null: the usual path answers, e.g. bad input (401
// comes before 400) or a key refused since.
async function runUnderPresumedKey(route: TrackRoute, ctx: RequestContext, raw: unknown): Promise<{ answer: unknown } | null> {
  const input = route.input.safeParse(raw);
  if (!input.success) return null;
  const key = await presumeWorkspaceKey(ctx, 'track');
  if (!key) return null;
  try {
    return { answer: await route.run({ db: dbFor(route, ctx), workspaceId: key.workspaceId, underKey: key.keyHash }, input.data) };
  } catch (err) {
    if (!RefcountError.is(err) || err.code !== 'unauthorized') throw err;
    refusedPresumedKey(ctx, key.keyHash);
    return null;
  }
}

import type { z } from 'zod';
import type { OwnErrorCode } from '../trpc/meta';
import type { WorkspaceCtx } from '../domain/context';

/**
 * A /v1/track/* handler: plain code on the hot path (no tRPC caller or middleware chain), with the
 * same auth, errors, rate limit and Idempotency-Key as the rest of /v1 (server/http/v1/track.ts).
 */
export type TrackRoute<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  path: `/track/${string}`;
  summary: string;
  errors: OwnErrorCode[];
  /** 'clicks': written on the click connections (Database.clicks, CLICK_SYNCHRONOUS_COMMIT) when there are any. */
  connection?: 'clicks';
  /**
   * run checks ctx.underKey, when given, in its own first statement, before it writes or answers
   * anything (and throws `unauthorized` if refused), so a key this process verified before needs
   * no lookup of its own (presumeWorkspaceKey).
   */
  checksKey?: true;
  input: I;
  output: O;
  run: (ctx: TrackCtx, input: z.output<I>) => Promise<z.output<O>>;
};

/** underKey: the hash of a presumed workspace key the route must check (checksKey routes only). */
export type TrackCtx = WorkspaceCtx & { underKey: string | null };

export const trackRoute = <I extends z.ZodType, O extends z.ZodType>(r: TrackRoute<I, O>) => r as unknown as TrackRoute;

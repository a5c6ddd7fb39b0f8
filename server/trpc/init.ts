import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ErrorCode } from '../errors/errors';
import { rejectNul } from '../errors/nul';
import { toApiError } from '../errors/table';
import type { RequestContext } from './context';

// 1. Meta: trpc-to-openapi's `openapi` block, the success status of creating operations, and
// who may call the procedure (set by the procedure builders, so the document can say it).
export type Access = 'read' | 'write' | 'track' | 'payouts' | 'affiliate';
/** `public`: callable with no key and no session (publicProcedure); the public fuzz test walks these. */
export type Meta = OpenApiMeta & { successStatus?: 200 | 201; access?: Access; errors?: ErrorCode[]; public?: true };

// 2. Initialisation. The dashboard sees the same contract error inside `data.api`.
const t = initTRPC
  .context<RequestContext>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, input, ctx }) {
      const api = toApiError(error, input, ctx?.requestId ?? '');
      return { ...shape, message: api.body.detail ?? api.body.error, data: { ...shape.data, stack: undefined, api: api.body, httpStatus: api.status } };
    },
  });

/**
 * Every procedure's raw input, before any middleware reads the database: text with a NUL character
 * is refused (invalid_request). /v1 refused it already while framing the request, after
 * authentication as its contract orders, so REST calls skip the second walk. Called first by each
 * builder's one middleware (procedures.ts), not as a layer of its own: each layer costs every call.
 */
export async function refuseNul({ ctx, getRawInput }: { ctx: RequestContext; getRawInput: () => Promise<unknown> }): Promise<void> {
  if (ctx.transport !== 'rest') rejectNul(await getRawInput(), 'input');
}

export const router = t.router;
export const middleware = t.middleware;
/** No middleware: the builders of procedures.ts add exactly one, which begins with refuseNul. */
export const baseProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;

import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ErrorCode } from '../errors/errors';
import { toApiError } from '../errors/table';
import type { RequestContext } from './context';

// 1. Meta: trpc-to-openapi's `openapi` block, the success status of creating operations, and
// who may call the procedure (set by the procedure builders, so the document can say it).
export type Access = 'read' | 'write' | 'track' | 'affiliate';
export type Meta = OpenApiMeta & { successStatus?: 200 | 201; access?: Access; errors?: ErrorCode[] };

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

export const router = t.router;
export const middleware = t.middleware;
export const baseProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;

import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { toApiError } from '../errors/table';
import type { RequestContext } from './context';

// 1. Meta: trpc-to-openapi's `openapi` block plus the success status of creating operations.
export type Meta = OpenApiMeta & { successStatus?: 200 | 201 };

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

import type { AnyTRPCRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { forEachOpenApiProcedure } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { Meta } from './init';

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'contract error code, e.g. link_not_found or name_required' },
    need: { type: 'string', description: 'the missing scope or key family (insufficient_scope only)' },
    detail: { type: 'string' },
  },
  additionalProperties: false,
} as const;

const cache = new WeakMap<AnyTRPCRouter, OpenAPIObject>();
type Responses = Record<string, { description?: string; content?: unknown }>;

/**
 * The /v1 OpenAPI 3.1 document, generated once from the routers. The library describes its own
 * error shape; the bodies we send are `{ error, need?, detail? }`, so error responses are
 * rewritten to that schema and creating operations answer 201.
 */
export function openApiDocument(router: AnyTRPCRouter, extraPaths?: ZodOpenApiPathsObject): OpenAPIObject {
  const cached = cache.get(router);
  if (cached) return cached;
  const doc = generateOpenApiDocument(router as never, {
    title: 'Refcount API',
    version: '1.0.0',
    baseUrl: '/v1',
    description: 'Affiliate programs and conversion tracking. Errors are { error, need?, detail? }.',
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'sa_live_… workspace key or refa_live_… affiliate key' } },
    paths: extraPaths,
  });
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA as never } };
  const created = new Set<string>();
  forEachOpenApiProcedure(router._def.procedures, ({ meta }) => {
    if ((meta as Meta).successStatus === 201) created.add(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`);
  });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, { responses?: Responses }>)) {
      const responses = op.responses;
      if (!responses) continue;
      if (created.has(`${method} ${path}`) && responses['200']) {
        responses['201'] = responses['200'];
        delete responses['200'];
      }
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400 && status !== 'default') continue;
        response.content = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
      }
    }
  }
  cache.set(router, doc);
  return doc;
}

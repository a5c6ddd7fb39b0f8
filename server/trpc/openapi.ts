import type { AnyTRPCRouter } from '@trpc/server';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { forEachOpenApiProcedure } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { TRACK_ROUTES } from '../track/routes';
import type { Meta } from './init';
import { operation } from './meta';

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
const errorRef = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } as const;

// The /v1/track/* handlers are plain code, not procedures: describe them from their own schemas.
function trackPaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of TRACK_ROUTES.values()) {
    const errors = operation({ method: 'POST', path: route.path, summary: route.summary, tags: ['Tracking'], errors: route.errors }).openapi!.errorResponses as Record<number, string>;
    paths[route.path] = {
      post: {
        operationId: `track-${route.path.split('/').pop()}`,
        summary: route.summary,
        tags: ['Tracking'],
        security: [{ bearer: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: route.input } } },
        responses: {
          200: { description: 'Successful response', content: { 'application/json': { schema: route.output } } },
          ...Object.fromEntries(Object.entries(errors).map(([status, codes]) => [status, { description: codes, content: errorRef as never }])),
        },
      },
    };
  }
  return paths;
}
type Responses = Record<string, { description?: string; content?: unknown }>;

/**
 * The /v1 OpenAPI 3.1 document, generated once from the routers. The library describes its own
 * error shape; the bodies we send are `{ error, need?, detail? }`, so error responses are
 * rewritten to that schema and creating operations answer 201.
 */
export function openApiDocument(router: AnyTRPCRouter): OpenAPIObject {
  const cached = cache.get(router);
  if (cached) return cached;
  const doc = generateOpenApiDocument(router as never, {
    title: 'Refcount API',
    version: '1.0.0',
    baseUrl: '/v1',
    description: 'Affiliate programs and conversion tracking. Errors are { error, need?, detail? }.',
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'sa_live_… workspace key or refa_live_… affiliate key' } },
    paths: trackPaths(),
  });
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA as never } };
  const created = new Set<string>();
  const ownErrors = new Map<string, Record<string, string>>();
  forEachOpenApiProcedure(router._def.procedures, ({ meta }) => {
    const key = `${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`;
    if ((meta as Meta).successStatus === 201) created.add(key);
    ownErrors.set(key, (meta.openapi.errorResponses ?? {}) as Record<string, string>);
  });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, { responses?: Responses }>)) {
      const responses = op.responses;
      if (!responses) continue;
      if (created.has(`${method} ${path}`) && responses['200']) {
        responses['201'] = responses['200'];
        delete responses['200'];
      }
      // The generator shares one response object per status across operations: replace, never
      // mutate, so each operation keeps its own documented error codes.
      const own = ownErrors.get(`${method} ${path}`) ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400 && status !== 'default') continue;
        responses[status] = {
          description: own[status] ?? response.description,
          content: errorRef as never,
        };
      }
    }
  }
  cache.set(router, doc);
  return doc;
}

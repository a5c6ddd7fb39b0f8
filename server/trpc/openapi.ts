import type { AnyTRPCRouter } from '@trpc/server';
import { forEachOpenApiProcedure, generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ErrorCode } from '../errors/errors';
import { TRACK_ROUTES } from '../track/routes';
import type { Access, Meta } from './init';
import { impliedErrors } from './meta';
import { ERROR_SCHEMA, errorResponses, HEADERS, withRateLimitHeaders } from './openapi-responses';
import { declareIntegerFormats, TAGS } from './openapi-tidy';

const cache = new WeakMap<AnyTRPCRouter, OpenAPIObject>();

// The /v1/track/* handlers are plain code, not procedures: described from their own schemas.
function trackPaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of TRACK_ROUTES.values()) {
    paths[route.path] = {
      post: {
        operationId: `track-${route.path.split('/').pop()}`,
        summary: route.summary,
        tags: ['Tracking'],
        security: [{ bearer: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: route.input } } },
        responses: { 200: { description: 'Successful response', content: { 'application/json': { schema: route.output } } } },
      },
    };
  }
  return paths;
}

type Operation = { summary?: string; description?: string; responses?: Record<string, { description?: string }> };
type Described = { access: Access | undefined; errors: ErrorCode[]; created: boolean };

const ACCESS_TEXT: Record<Access, string> = {
  read: 'Needs a workspace key with the read scope (or *; a key with no scopes reads too).',
  write: 'Needs a workspace key with the write scope (or *).',
  track: 'Needs a workspace key with the track scope (or *).',
  payouts: 'Needs a workspace key with the payouts scope (or *): write alone cannot send money.',
  affiliate: "Needs an affiliate key (refa_live_…); answers only that affiliate's own records.",
};

/** What the routers' metadata says of each operation, by `method path`. */
function describedOperations(router: AnyTRPCRouter): Map<string, Described> {
  const out = new Map<string, Described>();
  forEachOpenApiProcedure(router._def.procedures, ({ meta }) => {
    const m = meta as Meta;
    out.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, { access: m.access, errors: m.errors ?? [], created: m.successStatus === 201 });
  });
  for (const route of TRACK_ROUTES.values()) out.set(`post ${route.path}`, { access: 'track', errors: route.errors, created: false });
  return out;
}

/**
 * The /v1 OpenAPI 3.1 document, generated once from the routers. The library describes its own
 * error shape; the bodies we send are `{ error, need?, detail? }`, so every error response is
 * rebuilt from the contract codes (the operation's own plus those its kind implies), creating
 * operations answer 201, and every answer documents the rate-limit headers it carries.
 */
export function openApiDocument(router: AnyTRPCRouter): OpenAPIObject {
  const cached = cache.get(router);
  if (cached) return cached;
  const doc = generateOpenApiDocument(router as never, {
    title: 'Refcount API',
    version: '1.0.0',
    baseUrl: '/v1',
    description: 'Affiliate programs and conversion tracking. Errors are { error, need?, detail? }; money is integer minor units.',
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'sa_live_… workspace key or refa_live_… affiliate key' } },
    paths: trackPaths(),
  });
  const described = describedOperations(router);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const d = described.get(`${method} ${path}`);
      if (!d || !op.responses) continue;
      const success = op.responses['200'] ?? op.responses['201'];
      const codes = new Set<ErrorCode>([...d.errors, ...impliedErrors(d.access, method.toUpperCase())]);
      // The CSV export answers text/csv, not JSON (server/http/v1 writes ctx.response.contentType).
      if (path.endsWith('.csv')) (success as { content?: unknown }).content = { 'text/csv': (success as { content: Record<string, unknown> }).content['application/json'] };
      op.responses = { [d.created ? '201' : '200']: withRateLimitHeaders(success), ...errorResponses([...codes]) };
      op.description = [op.description ?? `${op.summary}.`, d.access ? ACCESS_TEXT[d.access] : ''].filter(Boolean).join('\n\n');
    }
  }
  const schemas = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')));
  doc.components = { ...doc.components, schemas: { ...schemas, Error: ERROR_SCHEMA as never }, headers: HEADERS as never };
  doc.tags = TAGS;
  doc.servers = [{ url: '/v1', description: 'this installation (production API; the same path on a local or staging install)', 'x-internal': false } as never];
  doc.info.contact = { name: 'Refcount maintainers' };
  declareIntegerFormats(doc);
  cache.set(router, doc);
  return doc;
}

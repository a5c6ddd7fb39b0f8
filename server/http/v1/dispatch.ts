import type { AnyTRPCRouter } from '@trpc/server';
import { RefcountError } from '../../errors/errors';
import { toApiError } from '../../errors/table';
import { newId } from '../../lib/ids';
import { logError } from '../../lib/log';
import { createRequestContext, type RequestContext, type Services } from '../../trpc/context';
import { createCallerFactory } from '../../trpc/init';
import { openApiDocument } from '../../trpc/openapi';
import { TRACK_ROUTES } from '../../track/routes';
import { CORS_HEADERS, preflight } from './cors';
import { framed, routeInput } from './framing';
import { bodyInput } from './input';
import { buildRoutes, matchRoute } from './routes';
import { runTrack } from './track';

/** One /v1 request, whatever the transport (node:http or a Fetch API route). */
export type V1Request = {
  method: string;
  /** Path below /v1, e.g. `/campaigns/abc`. */
  path: string;
  query: URLSearchParams;
  header: (name: string) => string | null;
  /** The peer's address as the transport knows it (the socket on node:http). */
  ip: string | null;
  /** Reads the body; throws payload_too_large past the limit. */
  body: () => Promise<string>;
  /** Set by the MCP server's tools, which call /v1 in-process (server/mcp/server.ts). */
  via?: 'mcp';
};
/** `contentType` set: `body` is text sent as is (e.g. a CSV export); otherwise it is JSON. */
export type V1Response = { status: number; headers: Record<string, string>; body: unknown; contentType?: string };

const REQUEST_ID = /^[\w.:-]{1,128}$/;

// The REST surface over the same routers the dashboard calls. trpc-to-openapi supplies the
// route metadata and the document; this function owns the wire contract of docs/errors.md, which
// the library's own handler cannot produce (its bodies are { message, code }, it has no 405).
export function createV1Dispatcher(router: AnyTRPCRouter, services: Services) {
  const routes = buildRoutes(router);
  const createCaller = createCallerFactory(router);
  const newContext = (req: V1Request, requestId: string, framingError: RefcountError | null) =>
    createRequestContext(services, {
      requestId,
      transport: 'rest',
      authorization: req.header('authorization'),
      idempotencyKey: req.header('idempotency-key'),
      clientIp: req.ip,
      framingError,
      via: req.via ?? null,
    });
  async function answer(req: V1Request, requestId: string): Promise<V1Response> {
    let ctx: RequestContext | undefined;
    let rawInput: unknown;
    try {
      if (req.method === 'GET' && req.path === '/openapi.json') return { status: 200, headers: {}, body: openApiDocument(router) };
      const track = TRACK_ROUTES.get(req.path);
      if (req.method === 'OPTIONS') {
        const match = track ? { kind: 'wrong_method' as const, allow: ['POST'] } : matchRoute(routes, req.method, req.path);
        if (match.kind !== 'wrong_method') throw new RefcountError('unknown_resource', `no such path: /v1${req.path}`);
        return preflight(match.allow);
      }
      if (track) {
        // The tracking hot path skips the tRPC caller; everything else about the request is the same.
        if (req.method !== 'POST') throw new RefcountError('method_not_allowed', `${req.method} is not allowed here`, { allow: ['POST'] });
        const framing = await framed(async () => bodyInput(await req.body(), req.header('content-type')));
        rawInput = framing.input;
        ctx = newContext(req, requestId, framing.error);
        const data = await runTrack(track, ctx, rawInput);
        return { status: ctx.response.status ?? 200, headers: ctx.response.headers, body: data };
      }
      const match = matchRoute(routes, req.method, req.path);
      if (match.kind === 'none') throw new RefcountError('unknown_resource', `no such path: /v1${req.path}`);
      if (match.kind === 'wrong_method') {
        throw new RefcountError('method_not_allowed', `${req.method} is not allowed here`, { allow: match.allow });
      }
      const { route, params } = match;
      const framing = await routeInput(req, route, params);
      rawInput = framing.input;
      ctx = newContext(req, requestId, framing.error);
      const caller = createCaller(ctx) as unknown as Record<string, unknown>;
      const call = route.procedurePath.split('.').reduce<any>((node, key) => node[key], caller);
      const data = await call(rawInput);
      return {
        status: ctx.response.status ?? route.meta.successStatus ?? 200,
        headers: ctx.response.headers,
        body: data,
        contentType: ctx.response.contentType,
      };
    } catch (err) {
      const api = toApiError(err, rawInput, requestId);
      if (api.unexpected) logError('v1.unexpected', { requestId, method: req.method, path: req.path }, err);
      return { status: api.status, headers: { ...ctx?.response.headers, ...api.headers }, body: api.body };
    }
  }

  return async function dispatch(req: V1Request): Promise<V1Response> {
    const sent = req.header('x-request-id');
    const requestId = sent && REQUEST_ID.test(sent) ? sent : newId();
    const out = await answer(req, requestId);
    return { ...out, headers: { ...out.headers, ...CORS_HEADERS, 'X-Request-Id': requestId } };
  };
}

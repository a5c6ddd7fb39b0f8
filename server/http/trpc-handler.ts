// GET|POST /api/trpc/{procedures} and /portal/api/trpc/{procedures}: the dashboard's and portal's tRPC
// endpoints (Next route handlers in app/), framed and answered by the same rules as /v1.
import type { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { RefcountError } from '../errors/errors';
import { toApiError } from '../errors/table';
import { headersClientIp } from '../lib/client-ip';
import { newId } from '../lib/ids';
import { logError } from '../lib/log';
import { appRouter } from '../routers/root';
import { createRequestContext, type RequestContext, type Services } from '../trpc/context';
import { readBody } from './v1/fetch';

export type TrpcIdentity = Pick<RequestContext, 'session' | 'portal'>;

type FramedTrpcRequest = { request: Request; error: RefcountError | null };

const isJson = (contentType: string | null) => contentType?.split(';')[0].trim().toLowerCase() === 'application/json';

/**
 * The framing rules of /v1 for the browser's tRPC endpoints, which tRPC's Fetch adapter lacks: a
 * body is JSON (it would also take multipart and octet-stream, read whole) and at most 64 KiB
 * (it reads any size). The body is read here, once and bounded; tRPC gets a copy of it.
 */
async function frameTrpcRequest(req: Request): Promise<FramedTrpcRequest> {
  if (req.method === 'GET' || req.method === 'HEAD' || !req.body) return { request: req, error: null };
  const bodiless = () => new Request(req.url, { method: req.method, headers: req.headers });
  const type = req.headers.get('content-type');
  // Without a content type tRPC answers 415 itself; with another one, so do we.
  // (The body is left unread: cancelling it may destroy the socket before the answer is sent.)
  if (type !== null && !isJson(type)) {
    return { request: bodiless(), error: new RefcountError('unsupported_media_type', 'send the body as application/json') };
  }
  try {
    const body = await readBody(req);
    return { request: new Request(req.url, { method: req.method, headers: req.headers, body }), error: null };
  } catch (err) {
    if (RefcountError.is(err)) return { request: bodiless(), error: err };
    throw err;
  }
}

/**
 * The headers the error table gives the answer (Retry-After of a 429, the longest in a batch)
 * and Allow of a 405, which only the transport can name: a batch holds one kind of procedure.
 */
function errorHeaders(errors: TRPCError[], type: string | undefined, requestId: string) {
  const headers: Record<string, string> = { 'X-Request-Id': requestId };
  for (const error of errors) {
    const api = toApiError(error, undefined, requestId);
    const retry = Number(api.headers['Retry-After'] ?? 0);
    if (retry > Number(headers['Retry-After'] ?? 0)) headers['Retry-After'] = String(retry);
    if (api.body.error === 'method_not_allowed') headers.Allow = type === 'query' ? 'GET' : 'POST';
  }
  return headers;
}

// The client's httpBatchLink sends at most as many (app/_components/providers.tsx).
export const MAX_BATCH_SIZE = 50;

/**
 * One of the browser's tRPC endpoints (dashboard, portal) over the Fetch API, for a request whose
 * signed-in user `identity` names: the same router and the same error table as /v1
 * (docs/errors.md), answered in tRPC's shape with the contract error in `data.api`.
 */
export function createTrpcHandler(services: Services, { endpoint, incident }: { endpoint: string; incident: string }) {
  return async (req: Request, identity: TrpcIdentity): Promise<Response> => {
    const requestId = newId();
    const framed = await frameTrpcRequest(req);
    const clientIp = headersClientIp((name) => req.headers.get(name), services.config.trustProxy);
    return fetchRequestHandler({
      endpoint,
      req: framed.request,
      router: appRouter,
      // a page batches a few queries; a caller cannot make one request run hundreds of procedures
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: () => {
        // A framing error becomes each call's answer, after tRPC has looked up the procedure and
        // its method (so an unknown one is still 404, a wrong method 405).
        if (framed.error) throw framed.error;
        return createRequestContext(services, { requestId, transport: 'dashboard', clientIp, ...identity });
      },
      responseMeta: ({ errors, info }) => ({ headers: errorHeaders(errors, info?.type, requestId) }),
      onError: ({ error, path }) => {
        // Contract errors (bad input, unauthorized, rate limited, not found) are answers, not incidents.
        if (toApiError(error, undefined, requestId).unexpected) logError(incident, { requestId, path }, error.cause ?? error);
      },
    });
  };
}

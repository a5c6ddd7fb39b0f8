import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createNodeBrowserHandler } from '../browser/handlers';
import { handleInNext } from '../browser/next-mount';
import { createAppListener } from '../http/listener';
import { createTrpcHandler } from '../http/trpc-handler';
import { createFetchV1Handler, createNodeV1Handler } from '../http/v1/handler';
import { createMcpHandler } from '../mcp/server';
import { createNodeReceiver } from '../integrations/http';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limit';
import { provideServices } from '../runtime/services';
import type { TestApi } from './api';
import { httpCaller } from './api';

/**
 * A rate limiter built from a second copy of rate-limiter-flexible: what the lean entry's limiters
 * are to the code Next bundles (its own copy of the library), whose refusals are therefore not
 * `instanceof` the class that code imports. `RateLimiterRes` is imported above so the first copy
 * is loaded before the second.
 */
export function limiterFromAnotherCopy(perMinute: number): RateLimiter {
  const require = createRequire(import.meta.url);
  const ours = Object.entries(require.cache).filter(([path]) => path.includes(`${sep}rate-limiter-flexible${sep}`));
  for (const [path] of ours) delete require.cache[path];
  const other = require('rate-limiter-flexible') as typeof import('rate-limiter-flexible');
  for (const [path, mod] of ours) require.cache[path] = mod;
  if (other.RateLimiterRes === RateLimiterRes) throw new Error('expected a second copy of rate-limiter-flexible');
  const limiter = new other.RateLimiterMemory({ points: perMinute, duration: 60 });
  return { limit: perMinute, limiter, ready: Promise.resolve(), close: async () => {} };
}

async function writeFetch(res: ServerResponse, out: Response) {
  res.writeHead(out.status, Object.fromEntries(out.headers));
  if (out.body) Readable.fromWeb(out.body as never).pipe(res);
  else res.end();
}

/**
 * The whole app on a free port as the lean entry routes it (server/http/listener.ts): /v1, the
 * browser routes and the receivers on node:http, everything else to "Next", played here by the
 * Fetch route handlers Next mounts, on the normalised path as Next routes it: the dashboard's and
 * portal's tRPC endpoints (with no session: tests of anonymous callers), /v1 (app/v1), and the
 * browser routes (app/r, app/api/collect). `browserPerMinute`: the lean browser routes' budget.
 */
export async function startAppServer(api: TestApi, { browserPerMinute = 1_000_000 } = {}) {
  const { services } = api;
  provideServices(services);
  const anonymous = { session: null, portal: null };
  const dashboard = createTrpcHandler(services, { endpoint: '/api/trpc', incident: 'dashboard.unexpected' });
  const portal = createTrpcHandler(services, { endpoint: '/portal/api/trpc', incident: 'portal.unexpected' });
  const v1 = createFetchV1Handler(services);
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    const request = incomingMessageToRequest(req, res, { maxBodySize: null });
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/trpc')) return writeFetch(res, await dashboard(request, anonymous));
    if (path.startsWith('/portal/api/trpc')) return writeFetch(res, await portal(request, anonymous));
    if (path === '/v1' || path.startsWith('/v1/')) return writeFetch(res, await v1(request));
    if (path.startsWith('/r/') || path === '/api/collect') return writeFetch(res, await handleInNext(request));
    res.writeHead(404).end();
  };
  const listener = createAppListener({
    headers: [],
    v1: createNodeV1Handler(services),
    mcp: createMcpHandler(services),
    browser: createNodeBrowserHandler(services, createRateLimiter(browserPerMinute)),
    receiver: createNodeReceiver(services.database.db),
    next: (req, res) => void next(req, res),
  });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, call: httpCaller(url), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The error events logged (on stderr) from now on: an expected 4xx must log none. */
export function loggedIncidents(): string[] {
  const events: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const m = /"level":"error".*?"event":"([^"]+)"/.exec(String(chunk));
    if (m) events.push(m[1]);
    return write(chunk, ...rest);
  }) as typeof process.stderr.write;
  return events;
}

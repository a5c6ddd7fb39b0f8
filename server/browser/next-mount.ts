import { logError } from '../lib/log';
import { getServices } from '../runtime/services';
import { json } from './exchange';
import { fromFetch, toFetch } from './fetch';
import { createBrowserRoutes } from './handlers';

// Next route mounts (`next dev` alone, serverless hosts); `npm start` answers these paths in the
// lean entry before Next. One set of routes (and one rate limiter) per process.
let routes: ReturnType<typeof createBrowserRoutes> | undefined;

export async function handleInNext(request: Request): Promise<Response> {
  const services = await getServices();
  routes ??= createBrowserRoutes(services);
  const req = fromFetch(request, services.config.trustProxy);
  // As in the lean entry (handlers.ts): an unexpected failure is logged once and answered without a stack.
  const out = await routes(req)?.catch((e: unknown) => {
    logError('browser.failed', { path: req.url.pathname }, e);
    return json(500, { error: 'internal_error' });
  });
  return out ? toFetch(out) : new Response('Not found', { status: 404 });
}

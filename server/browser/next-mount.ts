import { getServices } from '../runtime/services';
import { fromFetch, toFetch } from './fetch';
import { createBrowserRoutes } from './handlers';

// Next route mounts (`next dev` alone, serverless hosts); `npm start` answers these paths in the
// lean entry before Next. One set of routes (and one rate limiter) per process.
let routes: ReturnType<typeof createBrowserRoutes> | undefined;

export async function handleInNext(request: Request): Promise<Response> {
  const services = await getServices();
  routes ??= createBrowserRoutes(services);
  const out = await routes(fromFetch(request, services.config.trustProxy));
  return out ? toFetch(out) : new Response('Not found', { status: 404 });
}

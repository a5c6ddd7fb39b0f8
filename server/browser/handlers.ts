import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRateLimiter, type RateLimiter } from '../lib/rate-limit';
import { logError } from '../lib/log';
import type { Services } from '../trpc/context';
import { createCollectHandler } from './collect';
import { json, type BrowserRequest, type BrowserResponse } from './exchange';
import { fromNode, writeNode } from './node';
import { redirectReferral } from './redirect';
import { serveSnippet } from './snippet';

// Per visitor address, for the collector and the redirect each (two budgets in one limiter).
export const COLLECT_PER_MINUTE = 120;

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
};

/** The three browser routes (docs/attribution.md#clicks-from-the-browser) behind one matcher; null when not theirs. */
export function createBrowserRoutes(services: Services, limiter: RateLimiter = createRateLimiter(COLLECT_PER_MINUTE)) {
  const collect = createCollectHandler(services, limiter);
  return (req: BrowserRequest): Promise<BrowserResponse> | null => {
    const path = req.url.pathname;
    if (path === '/refcount.js' && (req.method === 'GET' || req.method === 'HEAD')) return Promise.resolve(serveSnippet(req));
    if (path === '/api/collect') return collect(req);
    const ref = /^\/r\/([^/]+)$/.exec(path);
    if (ref && (req.method === 'GET' || req.method === 'HEAD')) return redirectReferral(services, limiter, req, safeDecode(ref[1]));
    return null;
  };
}

/** For node:http: answers and returns true when the request is a browser-tracking route. */
export function createNodeBrowserHandler(services: Services, limiter?: RateLimiter) {
  const routes = createBrowserRoutes(services, limiter);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const breq = fromNode(req, services.config.trustProxy);
    const pending = routes(breq);
    if (!pending) return false;
    pending
      .catch((e: unknown) => {
        logError('browser.failed', { path: breq.url.pathname, error: e instanceof Error ? e.message : String(e) });
        return json(500, { error: 'internal_error' });
      })
      .then((out) => writeNode(res, out));
    return true;
  };
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRateLimiter } from '../lib/rate-limit';
import type { TestApi } from './api';
import { createNodeBrowserHandler } from '../browser/handlers';

/**
 * The browser routes on their own port, mounted as the lean entry mounts them (tests only).
 * `trustProxy` stands in for TRUST_PROXY (default: the api's own setting).
 */
export async function startBrowserServer(api: TestApi, collectPerMinute = 120, trustProxy = api.services.config.trustProxy) {
  const services = { ...api.services, config: { ...api.services.config, trustProxy } };
  const handle = createNodeBrowserHandler(services, createRateLimiter(collectPerMinute));
  const server = createServer((req, res) => {
    if (!handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

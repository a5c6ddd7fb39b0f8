// Next would phone home otherwise; nothing may fetch from the internet at run time.
process.env.NEXT_TELEMETRY_DISABLED = '1';

import { createServer } from 'node:http';
import next from 'next';
import { loadDotEnv, readConfig } from '../lib/env';
import { logInfo } from '../lib/log';
import { openServices, provideServices } from '../runtime/services';
import type { Services } from '../trpc/context';
import { createNodeBrowserHandler } from '../browser/handlers';
import { createNodeReceiver } from '../integrations/http';
import { startJobRunner } from '../jobs/start';
import { baseSecurityHeaders } from './security-headers';
import { closeServices } from '../runtime/services';
import { createAppListener } from './listener';
import { createNodeV1Handler } from './v1/handler';
import { createMcpHandler } from '../mcp/server';

/**
 * The lean entry: /v1 goes straight to the dispatcher on node:http (no Next route machinery on
 * the hot path); everything else goes to Next's request handler. One process, one database.
 */
export async function serve({ dev, onReady }: { dev: boolean; onReady?: (services: Services) => Promise<void> }) {
  loadDotEnv();
  const config = readConfig();
  const services = await openServices(config);
  provideServices(services);
  // Background jobs run in the server process by default: on PGlite no other process may open
  // the database. With PostgreSQL, RUN_JOBS=false and `npx refcount worker` elsewhere also work.
  const jobs = config.runJobs ? await startJobRunner({ database: services.database, config }) : null;
  const app = next({ dev, dir: process.cwd(), port: config.port, hostname: 'localhost' });
  const nativeDate = globalThis.Date;
  await app.prepare();
  // Next wraps the global Date while preparing, so that prerenders under cacheComponents notice
  // reads of the clock. This app does not enable cacheComponents, and the wrapper cost 5% of the
  // server's CPU on a list read (every timestamp from the database is a Date): put the original back.
  if (globalThis.Date !== nativeDate) {
    globalThis.Date = nativeDate;
    Object.defineProperty(nativeDate.prototype, 'constructor', { value: nativeDate, writable: true, configurable: true });
  }
  const nextHandler = app.getRequestHandler();
  const v1 = createNodeV1Handler(services);
  // /refcount.js, /api/collect and /r/{code} are hot too: answered here, before Next.
  const browser = createNodeBrowserHandler(services);
  const base = Object.entries(baseSecurityHeaders(config.publicUrl));
  // POST /integrations/{provider}/{workspace}: payment providers' events, signed over the raw body.
  const receiver = createNodeReceiver(services.database.db);
  const server = createServer(createAppListener({ headers: base, v1, mcp: createMcpHandler(services), browser, receiver, next: (req, res) => void nextHandler(req, res) }));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  logInfo('server.listening', { url: config.publicUrl, database: services.database.driver, dev });
  await onReady?.(services);
  const shutdown = async () => {
    server.close();
    await app.close?.();
    await jobs?.stop();
    await closeServices(services);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return { server, services };
}

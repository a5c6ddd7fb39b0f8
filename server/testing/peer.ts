import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { closeServices, createServices } from '../runtime/services';
import { listenV1, httpCaller, type TestApi } from './api';

/**
 * A second app node on `api`'s database, as a deployment with two nodes on one PostgreSQL runs.
 * On PostgreSQL it is another process (server/testing/peer-node.ts) with its own connection
 * pool, limiters and module state; in-memory PGlite can be opened by one process only, so there
 * it is a second set of services in this process over the same client.
 */
export async function startPeerNode(api: TestApi) {
  if (!api.database.url) {
    const services = createServices(await api.database.openPeer(), api.services.config);
    const http = await listenV1(services);
    return { call: http.call, close: async () => (await http.close(), await closeServices(services)) };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/peer-node.ts'], {
    env: { ...process.env, DATABASE_URL: api.database.url },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [url] = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next().then((r) => [r.value as string]);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { call: httpCaller(url), close: async () => (child.stdin!.end(), await exited) };
}

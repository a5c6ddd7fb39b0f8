import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { createServices } from '../http/services';
import { readConfig, type Config } from '../lib/env';
import type { Services } from '../trpc/context';
import { ensureAuthSecret } from './auth-secret';

// One set of services per process, shared by the lean entry and by Next's bundled route
// handlers (a separate module instance): the registry lives on globalThis, so PGlite is
// opened exactly once.
const KEY = Symbol.for('refcount.services');
type Registry = { [KEY]?: Promise<Services> };

export async function openServices(config: Config = readConfig()): Promise<Services> {
  const database = await openDatabase({ url: config.databaseUrl, replicaUrl: config.databaseReplicaUrl, prepare: config.databasePreparedStatements, dataDir: config.pgliteDir, lock: true });
  await migrate(database);
  ensureAuthSecret(config);
  return createServices(database, config);
}

/** The process's services, opening them on first use (`next dev` alone, serverless hosts). */
export function getServices(): Promise<Services> {
  const g = globalThis as Registry;
  g[KEY] ??= openServices();
  return g[KEY];
}

/** Registers services the entry already opened, before Next starts. */
export function provideServices(services: Services) {
  (globalThis as Registry)[KEY] = Promise.resolve(services);
}

import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import { createLoginGuard } from '../auth/login-guard';
import { createSignInLinkLimiter } from '../auth/sign-in-link-limit';
import { setAnswerChecks } from '../contracts/common';
import { signInLinksWritten } from '../domain/portal/sign-in-link';
import { setProviderApiBases } from '../integrations/provider-api';
import { readConfig, type Config } from '../lib/env';
import { createRateLimiter } from '../lib/rate-limit';
import { ensureAuthSecret } from './auth-secret';

// The composition root: the long-lived parts of one process are built here and closed here, for
// the server, the worker, the CLI and the tests alike.

/**
 * Shared by every request of one process: `limiter` spends API keys' budgets, `signInLinkLimiter`
 * the portal's sign-in-link e-mails, `loginGuard` counts failed sign-ins (all shared through
 * Redis when configured).
 */
export function createServices(database: Database, config: Config) {
  setProviderApiBases({ stripe: config.stripeApiUrl, paypal: config.paypalApiUrl });
  return {
    database,
    config,
    limiter: createRateLimiter(config.rateLimitPerMinute, config.rateLimitRedisUrl),
    signInLinkLimiter: createSignInLinkLimiter(config.rateLimitRedisUrl),
    loginGuard: createLoginGuard(config.rateLimitRedisUrl),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * Closes what createServices opened: the limiters' Redis connections (left open, they keep the
 * process alive), then the database.
 */
export async function closeServices(services: Services) {
  // links answered but not yet written would be lost: they finish first
  await signInLinksWritten();
  await Promise.all([services.limiter.close(), services.signInLinkLimiter.close(), services.loginGuard.close()]);
  await services.database.close();
}

// One set of services per process, shared by the lean entry and by Next's bundled route
// handlers (a separate module instance): the registry lives on globalThis, so PGlite is
// opened exactly once.
const KEY = Symbol.for('refcount.services');
type Registry = { [KEY]?: Promise<Services> };

export async function openServices(config: Config = readConfig()): Promise<Services> {
  const database = await openDatabase({ url: config.databaseUrl, replicaUrl: config.databaseReplicaUrl, prepare: config.databasePreparedStatements, max: config.databasePoolSize, clickSynchronousCommit: config.clickSynchronousCommit, dataDir: config.pgliteDir, lock: true });
  await migrate(database);
  ensureAuthSecret(config);
  setAnswerChecks(config.checkAnswers);
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

import { join } from 'node:path';

// Environment is read once, here; everything else receives plain values (see .env.example).
export type Config = ReturnType<typeof readConfig>;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 3000);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || join(process.cwd(), '.data', 'pglite'),
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 600),
    // Shared rate-limit store for several app nodes; unset: in memory per process.
    rateLimitRedisUrl: env.RATE_LIMIT_REDIS_URL || undefined,
    webhookAllowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
    smtpUrl: env.SMTP_URL || undefined,
    logRequests: env.LOG_REQUESTS === 'true',
    runJobs: env.RUN_JOBS !== 'false',
    // Multiplies the webhook retry schedule (tests compress it; 1 in production).
    webhookRetryScale: Number(env.WEBHOOK_RETRY_SCALE ?? 1),
  };
}

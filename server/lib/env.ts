import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { parseTrustProxy } from './client-ip';

/**
 * Fills `env` from a `.env` file in the working directory, as Next does for its own code, so
 * `npm start`, `npm run dev` and the CLI honour it too. Variables already set win.
 */
export function loadDotEnv(file = join(process.cwd(), '.env'), env: Record<string, string | undefined> = process.env) {
  if (!existsSync(file)) return;
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) env[name] ??= value;
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  return n;
}

// Providers redeliver an event for up to three days (Stripe): a log kept shorter would apply a
// late redelivery of a pruned event again instead of answering it as a duplicate.
function atLeast(min: number, name: string, n: number | undefined): number | undefined {
  if (n !== undefined && n < min) throw new Error(`${name} must be at least ${min}, not ${n}`);
  return n;
}

// Environment is read once, here; everything else receives plain values (see .env.example).
export type Config = ReturnType<typeof readConfig>;

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 3000);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    // A streaming replica for reports and list reads (db/client.ts); unset: everything on the primary.
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    // Whole months of raw clicks to keep before the current one; unset: keep all (db/partitions).
    // false behind a transaction-mode pooler without prepared-statement support (docs/scaling.md).
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== 'false',
    // Connections per pool of a server process (primary, and replica and click pools if set). Fewer
    // than the default can be faster: on a 2-core database 4 beat 10 and 20 (docs/scaling.md).
    databasePoolSize: positiveInt('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE) ?? 10,
    // off: clicks commit without waiting for the WAL flush (db/client.ts says what that risks).
    clickSynchronousCommit: env.CLICK_SYNCHRONOUS_COMMIT !== 'off',
    clickRetentionMonths: positiveInt('CLICK_RETENTION_MONTHS', env.CLICK_RETENTION_MONTHS),
    // Days of payment-provider events kept in the integration event log; unset: keep all.
    integrationEventRetentionDays: atLeast(7, 'INTEGRATION_EVENT_RETENTION_DAYS', positiveInt('INTEGRATION_EVENT_RETENTION_DAYS', env.INTEGRATION_EVENT_RETENTION_DAYS)),
    pgliteDir: env.PGLITE_DIR || join(process.cwd(), '.data', 'pglite'),
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 600),
    // Shared rate-limit store for several app nodes; unset: in memory per process.
    rateLimitRedisUrl: env.RATE_LIMIT_REDIS_URL || undefined,
    // Which X-Forwarded-For hops are our own proxies (server/lib/client-ip.ts); unset: none.
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webhookAllowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
    smtpUrl: env.SMTP_URL || undefined,
    // Development without SMTP (docs/emails.md#development): /dev/mail shows the outbox and the
    // mailer logs each message's links. Never in production, where links sign in.
    devMail: env.NODE_ENV === 'development' && !env.SMTP_URL,
    // Where Stripe's API is, for the optional API key (server/integrations/provider-api.ts):
    // unset, Stripe's own; a local fake in the browser specs.
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    // Where PayPal's API is, for payouts (server/integrations/paypal/api.ts): unset, PayPal's own
    // (live or sandbox, as the workspace's credentials say); a local fake in tests.
    paypalApiUrl: env.PAYPAL_API_URL || undefined,
    // An OpenAI-compatible model that rewrites the summaries of risky assessments; unset: the
    // rule-written summary. It never changes a verdict (server/domain/risk/llm-summary.ts).
    riskLlm: env.RISK_LLM_URL?.trim()
      ? {
          url: env.RISK_LLM_URL.trim(),
          model: env.RISK_LLM_MODEL?.trim() || 'gpt-4o-mini',
          apiKey: env.RISK_LLM_API_KEY?.trim() || undefined,
          timeoutMs: Number(env.RISK_LLM_TIMEOUT_MS ?? 10_000),
        }
      : null,
    // Answers checked against their contracts (server/contracts/common.ts): always in development
    // and tests, in production only with CHECK_ANSWERS=true.
    checkAnswers: env.NODE_ENV !== 'production' || env.CHECK_ANSWERS === 'true',
    runJobs: env.RUN_JOBS !== 'false',
    // Multiplies the webhook retry schedule (tests compress it; 1 in production).
    webhookRetryScale: Number(env.WEBHOOK_RETRY_SCALE ?? 1),
  };
}

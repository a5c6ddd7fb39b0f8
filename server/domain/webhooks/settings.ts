import type { Config } from '../../lib/env';

export type WebhookSettings = {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: development and tests may target http and private addresses. */
  allowPrivateUrls: boolean;
  /** WEBHOOK_RETRY_SCALE: multiplies the retry schedule (tests compress hours into milliseconds). */
  retryScale: number;
  timeoutMs: number;
};

const TIMEOUT_MS = 10_000;

export function webhookSettings(config: Config, overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  // webhookRetryScale is not in Config yet (server/lib/env.ts is shared); read it when it lands.
  const scale = (config as Config & { webhookRetryScale?: number }).webhookRetryScale;
  return {
    allowPrivateUrls: config.webhookAllowPrivateUrls,
    retryScale: Number.isFinite(scale) && scale! > 0 ? scale! : 1,
    timeoutMs: TIMEOUT_MS,
    ...overrides,
  };
}

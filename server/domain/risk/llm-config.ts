// The one place that reads the optional summary-rewriting model's settings (read when an
// assessment runs, not at import, so tests and the lead's config can set them).
export type RiskLlmConfig = { url: string; model: string; apiKey?: string; timeoutMs: number };

export function riskLlmConfig(env: NodeJS.ProcessEnv = process.env): RiskLlmConfig | null {
  const url = env.RISK_LLM_URL?.trim();
  if (!url) return null;
  return {
    url,
    model: env.RISK_LLM_MODEL?.trim() || 'gpt-4o-mini',
    apiKey: env.RISK_LLM_API_KEY?.trim() || undefined,
    timeoutMs: Number(env.RISK_LLM_TIMEOUT_MS ?? 10_000),
  };
}

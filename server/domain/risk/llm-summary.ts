import type { RiskEvidence } from '../../contracts/risk';
import { logError } from '../../lib/log';
import type { Config } from '../../lib/env';

export type RiskLlmConfig = NonNullable<Config['riskLlm']>;

const SYSTEM = [
  'You rewrite fraud-triage summaries about affiliates for a program manager.',
  'Use only the numbers given in the evidence and the draft; add no facts, no guesses and no adjectives.',
  'At most four sentences. Keep the score, the level and the recommended action exactly as given.',
  'Never state that the affiliate is guilty: this is triage for a person to review.',
].join(' ');

const MAX_SUMMARY = 2000;

/** `{base}/chat/completions`, unless the configured URL already names the endpoint. */
const endpoint = (url: string) => (/\/chat\/completions\/?$/.test(url) ? url : `${url.replace(/\/+$/, '')}/chat/completions`);

/**
 * Asks an OpenAI-compatible chat endpoint to rewrite the summary from the same evidence. Any
 * failure (network, timeout, status, shape, empty text) keeps the rule-built summary: the
 * assessment never depends on the model. The evidence sent holds numbers and ref codes only,
 * no names or e-mail addresses of people.
 */
export async function rewriteSummary(config: RiskLlmConfig, draft: string, evidence: Omit<RiskEvidence, 'summary_by'>): Promise<string | null> {
  try {
    const res = await fetch(endpoint(config.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: JSON.stringify({ draft, evidence }) },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || !text.trim()) throw new Error('no text in the completion');
    return text.trim().slice(0, MAX_SUMMARY);
  } catch (err) {
    // The host only: a URL may carry a key in its query.
    logError('risk.llm_summary_failed', { host: URL.canParse(config.url) ? new URL(config.url).host : 'invalid' }, err);
    return null;
  }
}

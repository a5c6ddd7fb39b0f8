import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { EventEnvelope, PaymentProvider } from './provider';

// A verified body is the provider's, but not necessarily well formed: a body PostgreSQL cannot
// store (NUL, lone surrogates) or without the envelope fields would fail the insert or the
// handler, answer 500, and be delivered again for days. Such an event is kept as `rejected`
// with the reason instead, and the provider gets 2xx (docs/integrations/stripe.md).

export type Intake =
  | { ok: true; payload: unknown; envelope: EventEnvelope & { object: unknown } }
  | { ok: false; reason: string; label: { eventId: string; type: string; livemode: boolean } };

// Provider payloads nest about ten levels; far deeper is no event of theirs.
const MAX_DEPTH = 64;
// What a rejected event keeps of its body: enough to recognise it, not a megabyte per delivery.
export const REJECTED_BODY_CHARS = 16 * 1024;
const LABEL_MAX = 255;

// PostgreSQL's text and jsonb refuse U+0000 and unpaired UTF-16 surrogates.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_REASON = 'the body holds a NUL character (\\u0000) or an unpaired surrogate, which PostgreSQL cannot store';

/** Why a parsed body cannot be stored as jsonb, or null; walks without recursion, to MAX_DEPTH. */
export function unstorable(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return UNSTORABLE_REASON;
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return `the body nests deeper than ${MAX_DEPTH} levels`;
      for (const [k, child] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return UNSTORABLE_REASON;
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}

const usable = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= LABEL_MAX && !UNSTORABLE.test(v);

/**
 * The event id and type a rejected event is listed under: the provider's own when usable, else
 * the body's digest, so a redelivery of the same bad body is a duplicate like any other.
 */
function labelOf(provider: PaymentProvider, raw: Buffer, payload: unknown): Extract<Intake, { ok: false }>['label'] {
  const fields = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const id = fields[provider.envelopeKeys.id];
  const type = fields[provider.envelopeKeys.type];
  return {
    eventId: usable(id) ? id : `sha256:${createHash('sha256').update(raw).digest('hex')}`,
    type: usable(type) ? type : '(none)',
    livemode: typeof fields.livemode === 'boolean' ? fields.livemode : true,
  };
}

/** Where the first problem is, in the envelope's words: `id: Invalid input: expected string…`. */
function envelopeProblem(err: unknown): string {
  if (err instanceof z.ZodError) {
    const issue = err.issues[0];
    return `malformed envelope: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`.slice(0, 300);
  }
  return 'malformed envelope';
}

/** Parses a verified body into its envelope, or says why it cannot be applied. */
export function readEvent(provider: PaymentProvider, raw: Buffer): Intake {
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString('utf8'));
  } catch {
    // The parser's message quotes the body: not repeated.
    return { ok: false, reason: 'the body is not JSON', label: labelOf(provider, raw, null) };
  }
  const reject = (reason: string): Intake => ({ ok: false, reason, label: labelOf(provider, raw, payload) });
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return reject('the body is not a JSON object');
  const bad = unstorable(payload);
  if (bad) return reject(bad);
  try {
    return { ok: true, payload, envelope: provider.envelope(payload) };
  } catch (err) {
    return reject(envelopeProblem(err));
  }
}

/** The stored form of a rejected body: text that always fits jsonb, cut to REJECTED_BODY_CHARS. */
export function rejectedBody(raw: Buffer) {
  let text = raw.toString('utf8').replace(/\u0000/g, '\uFFFD');
  const truncated = text.length > REJECTED_BODY_CHARS;
  if (truncated) {
    text = text.slice(0, REJECTED_BODY_CHARS);
    // Never end on half a surrogate pair.
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  }
  return { body: text, bytes: raw.length, truncated };
}

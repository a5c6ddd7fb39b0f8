import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, type TargetAddress } from './target';

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string };
export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  /** Start of the response body (failures) or the network error; null on success. */
  error: string | null;
  retryAfter: string | undefined;
};

/** Stored from a failing receiver's answer; the rest of a body is never read. */
const BODY_CAP = 4096;
const ERROR_CAP = 1000;
// A receiver's answer is stored as last_error: bounded, and without the NUL characters that
// PostgreSQL text refuses (one such byte would fail recording the attempt).
const storable = (error: string | null) => (error === null ? null : error.replace(/\u0000/g, '').slice(0, ERROR_CAP));
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

// Hands the socket the addresses that were checked, instead of letting it resolve again.
const pinned = (addresses: TargetAddress[]): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as LookupFunction;

/**
 * One POST: the target is checked on every attempt, redirects are not followed (a 3xx is a
 * failure), and the whole exchange has `timeoutMs` to finish.
 */
export async function sendWebhook(req: WebhookRequest, opts: { allowPrivate: boolean; timeoutMs: number }): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(req.url);
  let addresses: TargetAddress[];
  try {
    addresses = await resolveTarget(url, opts.allowPrivate);
  } catch (err) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), error: (err as Error).message, retryAfter: undefined };
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, error: storable(r.error), latencyMs: elapsed() });
    };
    const request = transport.request(url, {
      method: 'POST',
      agent: agents[url.protocol as keyof typeof agents],
      lookup: pinned(addresses),
      headers: { ...req.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(req.body) },
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, statusCode: null, error: `no answer within ${opts.timeoutMs / 1000} s`, retryAfter: undefined });
    }, opts.timeoutMs);
    request.on('error', (err) => finish({ ok: false, statusCode: null, error: err.message, retryAfter: undefined }));
    request.on('response', (res) => {
      const statusCode = res.statusCode ?? 0;
      const ok = statusCode >= 200 && statusCode < 300;
      const retryAfter = res.headers['retry-after'];
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).subarray(0, BODY_CAP).toString('utf8');
        finish({ ok, statusCode, error: ok ? null : `HTTP ${statusCode}${text ? `: ${text}` : ''}`, retryAfter });
      };
      res.on('data', (chunk: Buffer) => {
        if (size < BODY_CAP) chunks.push(chunk);
        size += chunk.length;
        if (size > BODY_CAP) {
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    request.end(req.body);
  });
}

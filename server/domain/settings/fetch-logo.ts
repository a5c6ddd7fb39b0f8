import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, type TargetAddress } from '../webhooks/target';

// Fetches a program's https logo for /brand/{id}/logo. The address is a manager's, so it gets the
// webhooks' address policy (no private or internal addresses, checked on every hop and pinned
// against DNS rebinding), a time and size bound, and only image types come back.

/** The image types a logo may have; anything else (HTML, scripts, JSON) is refused. */
export const LOGO_TYPES = new Set([
  ...['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'],
  ...['image/svg+xml', 'image/x-icon', 'image/vnd.microsoft.icon'],
]);
const ACCEPT = [...LOGO_TYPES].join(', ');
export const MAX_LOGO_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;

export type LogoFetch = { ok: true; contentType: string; body: Buffer } | { ok: false; reason: string };
export type LogoFetchOptions = { allowPrivate: boolean; timeoutMs: number; maxBytes?: number };

const pinned = (addresses: TargetAddress[]): LookupFunction =>
  ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as LookupFunction;

type Hop = { redirect: string } | LogoFetch;

function getOnce(url: URL, addresses: TargetAddress[], maxBytes: number, signal: AbortSignal): Promise<Hop> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve) => {
    const headers = { accept: ACCEPT, 'user-agent': 'Refcount-Logo/1' };
    const request = transport.get(url, { lookup: pinned(addresses), signal, headers });
    request.on('error', (err) => resolve({ ok: false, reason: signal.aborted ? 'no answer in time' : err.message }));
    request.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.destroy();
        return resolve({ redirect: location });
      }
      const contentType = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const fail = (reason: string) => {
        res.destroy();
        resolve({ ok: false, reason });
      };
      if (status !== 200) return fail(`HTTP ${status}`);
      if (!LOGO_TYPES.has(contentType)) return fail(`not an image (${contentType.slice(0, 100) || 'no type'})`);
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) return fail('larger than the logo limit');
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail('larger than the logo limit');
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ ok: true, contentType, body: Buffer.concat(chunks) }));
      res.on('error', (err) => resolve({ ok: false, reason: err.message }));
      // Cut off mid-body (time is up, or the host hung up): a partial image is no image.
      res.on('close', () => resolve({ ok: false, reason: signal.aborted ? 'no answer in time' : 'connection closed' }));
    });
  });
}

/** GETs the logo, following up to MAX_REDIRECTS redirects (each target checked again). */
export async function fetchLogo(address: string, opts: LogoFetchOptions): Promise<LogoFetch> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let addresses: TargetAddress[];
    try {
      addresses = await resolveTarget(url, opts.allowPrivate);
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
    if (signal.aborted) return { ok: false, reason: 'no answer in time' };
    const answer = await getOnce(url, addresses, opts.maxBytes ?? MAX_LOGO_BYTES, signal);
    if (!('redirect' in answer)) return answer;
    if (!URL.canParse(answer.redirect, url)) return { ok: false, reason: 'redirect to an invalid address' };
    url = new URL(answer.redirect, url);
  }
  return { ok: false, reason: 'too many redirects' };
}

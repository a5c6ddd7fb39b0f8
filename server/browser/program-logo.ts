import type { DbOrTx } from '@/db/client';
import { fetchLogo, type LogoFetch } from '../domain/settings/fetch-logo';
import { httpsLogoOf } from '../domain/settings/program-brand';
import { logInfo } from '../lib/log';

// A program's https logo served from this install, so the pages keep `img-src 'self'` and the
// join page's visitors never call the manager's host (docs/workspaces-and-keys.md#branding).
// Each process keeps the logos it fetched: a page view costs no outbound request.

const FRESH_MS = 10 * 60_000; // a logo replaced at its address shows within ten minutes
const RETRY_MS = 60_000; // an address that failed is tried again at most once a minute
// Entries kept per process, and the bytes they may hold together: most logos are a few KiB, so
// hundreds of programs stay cached, while the largest allowed (512 KiB) can never pass 16 MiB.
const MAX_CACHED = 1_000;
const MAX_CACHED_BYTES = 16 * 2 ** 20;
const TIMEOUT_MS = 5_000;

// The bytes are someone else's: never sniffed into another type, and never rendered as a page of
// this origin (an SVG opened directly is downloaded; an <img> ignores the disposition).
const IMAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Disposition': 'attachment; filename="logo"',
  'Cache-Control': 'public, max-age=3600',
};
const NONE = (status: number) => new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });

type Entry = { at: number; result: LogoFetch };
const sizeOf = (result: LogoFetch) => (result.ok ? result.body.length : 0) + 64;

export function createLogoRoute({ db, allowPrivate, now = Date.now }: { db: DbOrTx; allowPrivate: boolean; now?: () => number }) {
  const cache = new Map<string, Entry>(); // in least recently used order
  let bytes = 0;
  const inFlight = new Map<string, Promise<LogoFetch>>();

  function logo(url: string): Promise<LogoFetch> {
    const hit = cache.get(url);
    if (hit && now() - hit.at < (hit.result.ok ? FRESH_MS : RETRY_MS)) {
      cache.delete(url);
      cache.set(url, hit);
      return Promise.resolve(hit.result);
    }
    // Pages opened together wait for one fetch, not one each.
    let pending = inFlight.get(url);
    if (!pending) {
      pending = fetchLogo(url, { allowPrivate, timeoutMs: TIMEOUT_MS })
        .catch((err: unknown): LogoFetch => ({ ok: false, reason: err instanceof Error ? err.message : String(err) }))
        .then((result) => {
          if (!result.ok) logInfo('brand.logo_failed', { host: new URL(url).host, reason: result.reason });
          const stale = cache.get(url);
          if (stale) bytes -= sizeOf(stale.result);
          cache.delete(url);
          cache.set(url, { at: now(), result });
          bytes += sizeOf(result);
          // least recently used first, until both bounds hold (a failure costs a few bytes, so many
          // programs' failures stay remembered and their hosts asked at most once a minute)
          while (cache.size > MAX_CACHED || bytes > MAX_CACHED_BYTES) {
            const [oldest, entry] = cache.entries().next().value!;
            cache.delete(oldest);
            bytes -= sizeOf(entry.result);
          }
          inFlight.delete(url);
          return result;
        });
      inFlight.set(url, pending);
    }
    return pending;
  }

  // GET /brand/{workspace public id}/logo: the program's https logo; 404 without one, 502 when
  // its host did not give a usable image.
  return async (publicId: string): Promise<Response> => {
    if (publicId.length > 64) return NONE(404);
    const url = await httpsLogoOf(db, publicId);
    if (!url) return NONE(404);
    const result = await logo(url);
    if (!result.ok) return NONE(502);
    const headers = { ...IMAGE_HEADERS, 'Content-Type': result.contentType };
    return new Response(new Uint8Array(result.body), { status: 200, headers });
  };
}

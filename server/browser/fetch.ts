import { headersClientIp, type TrustProxy } from '../lib/client-ip';
import type { BrowserRequest, BrowserResponse } from './exchange';

/** The body as text, or null past `limit` bytes: reading stops there (a visitor may send anything). */
async function readUpTo(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return '';
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(r.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Adapts a Fetch API request (Next route handlers), which carries no socket of its own. */
export function fromFetch(request: Request, trust: TrustProxy | null): BrowserRequest {
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    headerValues: () => [...request.headers.values()],
    ip: headersClientIp((name) => request.headers.get(name), trust),
    body: (limit) => readUpTo(request, limit),
  };
}

export const toFetch = (out: BrowserResponse) => new Response(out.status === 204 || out.status === 302 ? null : out.body, { status: out.status, headers: out.headers });

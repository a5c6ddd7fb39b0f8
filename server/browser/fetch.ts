import { headersClientIp, type TrustProxy } from '../lib/client-ip';
import type { BrowserRequest, BrowserResponse } from './exchange';

/** Adapts a Fetch API request (Next route handlers), which carries no socket of its own. */
export function fromFetch(request: Request, trust: TrustProxy | null): BrowserRequest {
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    headerValues: () => [...request.headers.values()],
    ip: headersClientIp((name) => request.headers.get(name), trust),
    body: async (limit) => {
      const text = await request.text();
      return Buffer.byteLength(text) > limit ? null : text;
    },
  };
}

export const toFetch = (out: BrowserResponse) => new Response(out.status === 204 || out.status === 302 ? null : out.body, { status: out.status, headers: out.headers });

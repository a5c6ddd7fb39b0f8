import { forwardedIp, type BrowserRequest, type BrowserResponse } from './exchange';

/** Adapts a Fetch API request (Next route handlers); there is no socket, so only X-Forwarded-For. */
export function fromFetch(request: Request): BrowserRequest {
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    headerValues: () => [...request.headers.values()],
    ip: forwardedIp(request.headers.get('x-forwarded-for'), null),
    body: async (limit) => {
      const text = await request.text();
      return Buffer.byteLength(text) > limit ? null : text;
    },
  };
}

export const toFetch = (out: BrowserResponse) => new Response(out.status === 204 || out.status === 302 ? null : out.body, { status: out.status, headers: out.headers });

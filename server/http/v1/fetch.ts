import { RefcountError } from '../../errors/errors';
import { headersClientIp, type TrustProxy } from '../../lib/client-ip';
import type { V1Request, V1Response } from './dispatch';
import { MAX_BODY_BYTES } from './input';

/** The body of a Fetch API request as text; throws payload_too_large past 64 KiB, reading no more. */
export async function readBody(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES || !request.body) {
    if (!request.body) return '';
    throw new RefcountError('payload_too_large', 'body over 64 KiB');
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new RefcountError('payload_too_large', 'body over 64 KiB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Adapts a Fetch API request (the Next route mount of /v1) to the dispatcher. */
export function toFetchV1Request(request: Request, trust: TrustProxy | null): V1Request {
  const url = new URL(request.url);
  return {
    method: request.method.toUpperCase(),
    path: url.pathname.replace(/^\/v1/, '') || '/',
    query: url.searchParams,
    header: (name) => request.headers.get(name),
    ip: headersClientIp((name) => request.headers.get(name), trust),
    body: () => readBody(request),
  };
}

export const toFetchResponse = (out: V1Response) =>
  new Response(out.status === 204 ? null : out.contentType ? String(out.body) : JSON.stringify(out.body), {
    status: out.status,
    headers: { ...out.headers, 'Content-Type': out.contentType ?? 'application/json; charset=utf-8' },
  });

import type { IncomingMessage, ServerResponse } from 'node:http';
import { RefcountError } from '../../errors/errors';
import { nodeClientIp, type TrustProxy } from '../../lib/client-ip';
import type { V1Request, V1Response } from './dispatch';
import { MAX_BODY_BYTES } from './input';

/** The body as text, refused past MAX_BODY_BYTES (64 KiB): /v1 and the MCP server read with it. */
export function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return Promise.reject(new RefcountError('payload_too_large', 'body over 64 KiB'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        reject(new RefcountError('payload_too_large', 'body over 64 KiB'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function writeNodeResponse(res: ServerResponse, out: V1Response) {
  const body = out.status === 204 ? '' : out.contentType ? String(out.body) : JSON.stringify(out.body);
  res.writeHead(out.status, {
    ...out.headers,
    'Content-Type': out.contentType ?? 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...(out.status === 413 ? { Connection: 'close' } : {}),
  });
  res.end(body);
}

/** Adapts the dispatcher to node:http (the lean production entry and the tests). */
export function toNodeV1Request(req: IncomingMessage, trust: TrustProxy | null): V1Request {
  const url = new URL(req.url ?? '/', 'http://localhost');
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname.replace(/^\/v1/, '') || '/',
    query: url.searchParams,
    ip: nodeClientIp(req, trust),
    header: (name) => {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v.join(', ') : (v ?? null);
    },
    body: () => readBody(req),
  };
}

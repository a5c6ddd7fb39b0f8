import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeClientIp, type TrustProxy } from '../lib/client-ip';
import type { BrowserRequest, BrowserResponse } from './exchange';

/** The raw body, or null past `limit` bytes (signatures are checked over exactly these bytes). */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const readBody = async (req: IncomingMessage, limit: number) => (await readRawBody(req, limit))?.toString('utf8') ?? null;

export function fromNode(req: IncomingMessage, trust: TrustProxy | null): BrowserRequest {
  const header = (name: string) => {
    const v = req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : (v ?? null);
  };
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url: new URL(req.url ?? '/', 'http://localhost'),
    header,
    headerValues: () => Object.values(req.headers).flatMap((v) => (Array.isArray(v) ? v : v ? [v] : [])),
    ip: nodeClientIp(req, trust),
    body: (limit) => readBody(req, limit),
  };
}

export function writeNode(res: ServerResponse, out: BrowserResponse) {
  res.writeHead(out.status, { ...out.headers, 'Content-Length': Buffer.byteLength(out.body) });
  res.end(out.body);
}

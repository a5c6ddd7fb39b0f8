import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/db/client';
import { readRawBody } from '../browser/node';
import { logError } from '../lib/log';
import { receiveEvent, type ReceiverRequest, type ReceiverResponse } from './receive';

// POST /integrations/{provider}/{workspace}, on node:http (the lean entry) and Fetch (Next).
const PATH = /^\/integrations\/([a-z0-9_-]{1,32})\/([A-Za-z0-9_-]{1,64})$/;

export function matchReceiver(pathname: string): { provider: string; workspace: string } | null {
  const m = PATH.exec(pathname);
  return m ? { provider: m[1], workspace: m[2] } : null;
}

export const isIntegrationPath = (url: string) => url.startsWith('/integrations/');

async function safely(db: Db, req: ReceiverRequest): Promise<ReceiverResponse> {
  try {
    return await receiveEvent(db, req);
  } catch (err) {
    logError('integrations.receive_failed', { provider: req.provider }, err);
    return { status: 500, body: { error: 'internal_error' } };
  }
}

const notFound: ReceiverResponse = { status: 404, body: { error: 'unknown_resource', detail: 'unknown path' } };

/** For node:http: answers and returns true when the path is a receiver's. */
export function createNodeReceiver(db: Db) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!isIntegrationPath(url.pathname)) return false;
    const route = matchReceiver(url.pathname);
    const header = (name: string) => {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v.join(', ') : (v ?? null);
    };
    const pending = route ? safely(db, { ...route, method: (req.method ?? 'GET').toUpperCase(), header, body: (limit) => readRawBody(req, limit) }) : Promise.resolve(notFound);
    void pending.then((out) => {
      const body = JSON.stringify(out.body);
      res.writeHead(out.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body), ...out.headers });
      res.end(body);
    });
    return true;
  };
}

/** For Fetch (Next route handlers). */
export async function receiveFetch(db: Db, request: Request): Promise<Response> {
  const route = matchReceiver(new URL(request.url).pathname);
  const out = route
    ? await safely(db, {
        ...route,
        method: request.method.toUpperCase(),
        header: (name) => request.headers.get(name),
        body: async (limit) => {
          const buf = Buffer.from(await request.arrayBuffer());
          return buf.length > limit ? null : buf;
        },
      })
    : notFound;
  return Response.json(out.body, { status: out.status, headers: { 'Cache-Control': 'no-store', ...out.headers } });
}

import { createServer, type Server } from 'node:http';
import type { Database } from '@/db/client';
import type { AddressInfo } from 'node:net';
import { createWorkspaceKey } from '../domain/keys/workspace-keys';
import { createWorkspace } from '../domain/workspaces/create-workspace';
import { closeServices, createServices } from '../runtime/services';
import { createNodeV1Handler } from '../http/v1/handler';
import { readConfig } from '../lib/env';
import type { Services } from '../trpc/context';
import { openTestDatabase, type TestDatabase } from './database';
import { TEST_ACTOR } from './seed';

export type ApiResponse = { status: number; headers: Headers; body: any };
export type CallOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

/** Speaks HTTP to a server at `url`, parsing JSON answers. */
export const httpCaller =
  (url: string) =>
  async (method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed };
  };

/** /v1 over node:http on a free port of 127.0.0.1, with these services. */
export async function listenV1(services: Services) {
  const handler = createNodeV1Handler(services);
  const server: Server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, call: httpCaller(url), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The real /v1 handler on a real port over a fresh database (or `given`, which close() then
 * closes): tests speak HTTP to it.
 */
export async function startTestApi(env: Record<string, string> = {}, given?: Database) {
  // A started app always has one (server/runtime/auth-secret.ts): unsubscribe links and embed tokens sign with it.
  process.env.NEXTAUTH_SECRET ??= 'test-install-secret-material';
  const database: TestDatabase = given
    ? { ...given, openPeer: () => Promise.reject(new Error('a second node needs a database startTestApi opened itself')) }
    : await openTestDatabase();
  const services = createServices(database, readConfig({ ...process.env, ...env }));
  const { url, call, close } = await listenV1(services);

  /** A new workspace and a key with `scopes` in it. */
  async function workspace(scopes: string[] = ['*'], name = 'Test workspace') {
    const ws = await createWorkspace(database.db, { name });
    const ctx = { db: database.db, workspaceId: ws.id, actor: TEST_ACTOR };
    const { token } = await createWorkspaceKey({ ctx, input: { scopes } });
    const keyFor = async (s: string[]) => (await createWorkspaceKey({ ctx, input: { scopes: s } })).token;
    return { id: ws.id, publicId: ws.publicId, token, keyFor };
  }

  return {
    url,
    database,
    db: database.db,
    services,
    call,
    workspace,
    close: async () => {
      await close();
      await closeServices(services);
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../routers/root';
import { openApiDocument } from '../trpc/openapi';
import { startTestApi, type TestApi } from '../testing/api';
import { limiterFromAnotherCopy, startAppServer } from '../testing/app-server';
import { TOOL_OPERATIONS, toolsOf, type OpenApiDocument } from './tools';

// The MCP server through the SDK's own client (docs/client-and-mcp.md#mcp-server): tools per key,
// a read and a write called, money never sent, and the audit log naming the key via MCP.
let api: TestApi;
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  api = await startTestApi();
  app = await startAppServer(api);
});
afterAll(async () => {
  await app.close();
  await api.close();
});

async function connect(token: string) {
  const client = new Client({ name: 'refcount-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}
const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
const answer = (r: Awaited<ReturnType<Client['callTool']>>) => {
  const result = r as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { isError: result.isError === true, text, json: (() => { try { return JSON.parse(text); } catch { return undefined; } })() };
};
const MONEY = ['payouts-create', 'payouts-sendBatch', 'payouts-setStatus', 'payouts-bulkStatus', 'payouts-undo', 'payouts-exportCsv'];

describe('the tools, from the OpenAPI document', () => {
  const tools = toolsOf(openApiDocument(appRouter) as unknown as OpenApiDocument);

  it('describe each tool by its operation summary, and none moves money', () => {
    const doc = openApiDocument(appRouter) as unknown as OpenApiDocument;
    const list = doc.paths['/affiliates']?.get;
    expect(tools.find((t) => t.name === 'affiliates-list')!.description.startsWith(String(list?.summary))).toBe(true);
    for (const name of MONEY) expect(TOOL_OPERATIONS as readonly string[]).not.toContain(name);
    // Every money path of /v1 is a payouts write; the only payouts tools read or preview.
    expect(tools.filter((t) => t.path.startsWith('/payout')).map((t) => [t.method, t.name])).toEqual([
      ['GET', 'payouts-list'],
      ['GET', 'payouts-get'],
      ['GET', 'payouts-preview'],
    ]);
  });

  it('place path, query and body arguments, each once', () => {
    const update = tools.find((t) => t.name === 'commissions-update')!;
    expect(update.placement).toEqual({ id: 'path', status: 'body', amount: 'body' });
    expect(update.inputSchema.required).toEqual(['id']);
    expect(tools.find((t) => t.name === 'commissions-list')!.placement.affiliate_id).toBe('query');
  });
});

describe('POST /mcp', () => {
  it('without a valid key answers 401 and offers nothing', async () => {
    const res = await fetch(`${app.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('unauthorized');
    await expect(connect('sa_live_' + 'x'.repeat(40))).rejects.toThrow();
  });

  it('offers a read key the read tools only, and a write refused as not offered', async () => {
    const ws = await api.workspace(['read']);
    const client = await connect(ws.token);
    const offered = await names(client);
    expect(offered).toContain('affiliates-list');
    expect(offered).toContain('payouts-preview');
    expect(offered).not.toContain('affiliates-create');
    expect(offered.some((n) => n.startsWith('affiliate-'))).toBe(false);
    const refused = answer(await client.callTool({ name: 'affiliates-create', arguments: { email: 'x@example.com' } }));
    expect(refused).toMatchObject({ isError: true, text: 'no tool affiliates-create for this key' });
    expect((await api.call('GET', '/v1/affiliates', { token: ws.token })).body.data).toEqual([]);
    await client.close();
  });

  it('calls a write and a read with a * key; the audit log names the key, via mcp; money tools do not exist', async () => {
    const ws = await api.workspace(['*']);
    const client = await connect(ws.token);
    const offered = await names(client);
    for (const name of MONEY) expect(offered).not.toContain(name);
    const created = answer(await client.callTool({ name: 'affiliates-create', arguments: { email: 'mcp@example.com', name: 'Via MCP' } }));
    expect(created.isError, created.text).toBe(false);
    const id = created.json.data.id as string;
    const got = answer(await client.callTool({ name: 'affiliates-get', arguments: { id } }));
    expect(got.json.data).toMatchObject({ id, email: 'mcp@example.com', name: 'Via MCP' });
    const listed = answer(await client.callTool({ name: 'affiliates-list', arguments: { limit: 10 } }));
    expect(listed.json.data.map((a: { id: string }) => a.id)).toEqual([id]);
    const audit = await api.call('GET', `/v1/audit-events?target_id=${id}`, { token: ws.token });
    expect(audit.body.data.map((e: { action: string; actor: { type: string; via: string | null } }) => [e.action, e.actor.type, e.actor.via])).toEqual([['affiliate.created', 'api_key', 'mcp']]);
    // The same change through /v1 itself is not "via mcp".
    await api.call('PATCH', `/v1/affiliates/${id}`, { token: ws.token, body: { name: 'Direct' } });
    const after = await api.call('GET', `/v1/audit-events?target_id=${id}`, { token: ws.token });
    expect(after.body.data.map((e: { actor: { via: string | null } }) => e.actor.via).sort()).toEqual(['mcp', null]);
    const payout = answer(await client.callTool({ name: 'payouts-create', arguments: {} }));
    expect(payout).toMatchObject({ isError: true, text: 'no tool payouts-create for this key' });
    await client.close();
  });

  it("answers /v1's own errors as tool errors, and refuses an argument the tool does not take", async () => {
    const ws = await api.workspace(['*']);
    const client = await connect(ws.token);
    const missing = answer(await client.callTool({ name: 'affiliates-get', arguments: { id: '0190a0b0-0000-7000-8000-000000000000' } }));
    expect(missing.isError).toBe(true);
    expect(missing.json.error).toBe('link_not_found');
    const invalid = answer(await client.callTool({ name: 'commissions-update', arguments: { id: '0190a0b0-0000-7000-8000-000000000000', status: 'paid' } }));
    expect(invalid).toMatchObject({ isError: true, json: { error: 'invalid_request' } });
    const extra = answer(await client.callTool({ name: 'affiliates-list', arguments: { workspace_id: 'another' } }));
    expect(extra).toMatchObject({ isError: true, text: 'affiliates-list takes no argument workspace_id' });
    await client.close();
  });

  it("offers an affiliate key its own data only, and answers only that affiliate's records", async () => {
    const ws = await api.workspace(['*']);
    const mine = (await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'own@example.com', status: 'active' } })).body.data;
    await api.call('POST', '/v1/affiliates', { token: ws.token, body: { email: 'other@example.com', status: 'active' } });
    const key = (await api.call('POST', `/v1/affiliates/${mine.id}/keys`, { token: ws.token, body: {} })).body;
    const client = await connect(key.token ?? key.data.token);
    const offered = await names(client);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((n) => n.startsWith('affiliate-'))).toBe(true);
    const me = answer(await client.callTool({ name: 'affiliate-me', arguments: {} }));
    expect(me.json.data).toMatchObject({ id: mine.id, email: 'own@example.com' });
    await client.close();
  });

  it("spends the key's /v1 budget on every tool call", async () => {
    const ws = await api.workspace(['read']);
    const client = await connect(ws.token);
    const saved = api.services.limiter;
    api.services.limiter = limiterFromAnotherCopy(1);
    try {
      expect(answer(await client.callTool({ name: 'affiliates-list', arguments: {} })).isError).toBe(false);
      const limited = answer(await client.callTool({ name: 'affiliates-list', arguments: {} }));
      expect(limited).toMatchObject({ isError: true, json: { error: 'rate_limited' } });
    } finally {
      api.services.limiter = saved;
    }
    await client.close();
  });
});

describe('npx refcount mcp (stdio)', () => {
  it('serves the same tools to a local agent, as the key in REFCOUNT_API_KEY', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'refcount-mcp-')), 'pglite');
    const env = { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' };
    const cli = (...args: string[]) => JSON.parse(spawnSync(process.execPath, ['bin/refcount.mjs', ...args, '--json'], { env, encoding: 'utf8' }).stdout);
    const ws = cli('workspace', 'create', '--name', 'Local');
    const { token } = cli('keys', 'create', `--workspace=${ws.id}`, '--scopes', 'read');
    const client = new Client({ name: 'refcount-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['bin/refcount.mjs', 'mcp'], env: { ...env, REFCOUNT_API_KEY: token } as Record<string, string>, stderr: 'ignore' }));
    try {
      const offered = await names(client);
      expect(offered).toContain('campaigns-list');
      expect(offered).not.toContain('campaigns-create');
      const campaigns = answer(await client.callTool({ name: 'campaigns-list', arguments: {} }));
      expect(campaigns.isError).toBe(false);
      expect(Array.isArray(campaigns.json.data)).toBe(true);
    } finally {
      await client.close();
    }
  }, 180_000);
});

// POST /mcp: the MCP server (docs/client-and-mcp.md#mcp-server). Streamable HTTP without sessions:
// each request is authenticated by its key, offered the tools that key may call, and each tool is
// its /v1 operation called in-process with the same key, so scopes, rate limits, idempotency and
// the audit log (actor: the key, via mcp) are the API's own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { authenticateKey } from '../auth/authenticate';
import { toApiError } from '../errors/table';
import { createV1Dispatcher, type V1Request } from '../http/v1/dispatch';
import { readBody, writeNodeResponse } from '../http/v1/node';
import { nodeClientIp } from '../lib/client-ip';
import { newId } from '../lib/ids';
import { logError } from '../lib/log';
import { appRouter } from '../routers/root';
import { createRequestContext, type Services } from '../trpc/context';
import { openApiDocument } from '../trpc/openapi';
import { toolsFor, toolsOf, type OpenApiDocument, type Tool } from './tools';

const VERSION = '1.0.0';
type Dispatch = ReturnType<typeof createV1Dispatcher>;

/** The /v1 request a tool call makes: arguments placed in the path, the query or the JSON body. */
export function toolRequest(tool: Tool, args: Record<string, unknown>, authorization: string, ip: string | null): V1Request {
  let path = tool.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const where = tool.placement[name];
    if (where === 'path') path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else if (where === 'query') query.set(name, String(value));
    else body[name] = value;
  }
  const hasBody = tool.method !== 'GET' && tool.method !== 'DELETE';
  return {
    method: tool.method,
    path,
    query,
    ip,
    header: (name) => (name === 'authorization' ? authorization : name === 'content-type' && hasBody ? 'application/json' : null),
    body: async () => (hasBody ? JSON.stringify(body) : ''),
    via: 'mcp',
  };
}

const refused = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** An MCP server offering `tools`, each answered by /v1: the answer's JSON, an error answer flagged as one. */
function mcpServer(tools: Tool[], call: (tool: Tool, args: Record<string, unknown>) => Promise<CallToolResult>) {
  const server = new Server({ name: 'refcount', version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(({ name, description, inputSchema, method }) => ({
      name,
      description,
      inputSchema,
      annotations: { readOnlyHint: method === 'GET', destructiveHint: false, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((t) => t.name === request.params.name);
    // A tool this key may not call is not offered, and is answered as unknown, like a missing one.
    if (!tool) return refused(`no tool ${request.params.name} for this key`);
    const args = request.params.arguments ?? {};
    const unknown = Object.keys(args).filter((name) => !tool.placement[name]);
    if (unknown.length) return refused(`${tool.name} takes no argument ${unknown.join(', ')}`);
    return call(tool, args);
  });
  return server;
}

async function callThrough(dispatch: Dispatch, request: V1Request): Promise<CallToolResult> {
  const answer = await dispatch(request);
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
  return { isError: answer.status >= 400, content: [{ type: 'text', text }] };
}

const toolsOfApi = () => toolsOf(openApiDocument(appRouter) as unknown as OpenApiDocument);

/** The /mcp handler of the lean entry (and of the tests' app server). */
export function createMcpHandler(services: Services) {
  const tools = toolsOfApi();
  const dispatch = createV1Dispatcher(appRouter, services);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = newId();
    const authorization = req.headers.authorization ?? '';
    const ip = nodeClientIp(req, services.config.trustProxy);
    try {
      if (req.method !== 'POST') {
        res.writeHead(405, { Allow: 'POST', 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'method_not_allowed', detail: 'the MCP server takes POST (Streamable HTTP, no sessions)' }));
        return;
      }
      const ctx = createRequestContext(services, { requestId, transport: 'rest', authorization, clientIp: ip });
      const text = await readBody(req);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const key = await authenticateKey(ctx, { toolCall: (parsed as { method?: unknown } | undefined)?.method === 'tools/call' });
      if (parsed === undefined) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
      const server = mcpServer(toolsFor(tools, key), (tool, args) => callThrough(dispatch, toolRequest(tool, args, authorization, ip)));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void Promise.allSettled([transport.close(), server.close()]));
      await server.connect(transport);
      await transport.handleRequest(req, res, parsed);
    } catch (err) {
      // Refused before any tool: 401 without a valid key, 429 over its budget, 413 past 64 KiB.
      const api = toApiError(err, undefined, requestId);
      if (api.unexpected) logError('mcp.unexpected', { requestId }, err);
      if (!res.headersSent) writeNodeResponse(res, { status: api.status, headers: api.headers, body: api.body });
    }
  };
}

/**
 * `npx refcount mcp`: the same tools over stdio for a local agent, on the configured database,
 * as the key in REFCOUNT_API_KEY (an environment variable, not a flag: process lists show flags).
 */
export async function serveMcpOverStdio(services: Services, apiKey: string, stdio: { input: Readable; output: Writable }) {
  const authorization = `Bearer ${apiKey}`;
  const ctx = createRequestContext(services, { requestId: newId(), transport: 'rest', authorization });
  const key = await authenticateKey(ctx, { toolCall: false });
  const dispatch = createV1Dispatcher(appRouter, services);
  const server = mcpServer(toolsFor(toolsOfApi(), key), (tool, args) => callThrough(dispatch, toolRequest(tool, args, authorization, null)));
  await server.connect(new StdioServerTransport(stdio.input, stdio.output));
  return server;
}

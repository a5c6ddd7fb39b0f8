import type { IncomingMessage, ServerResponse } from 'node:http';
import { stampPeer } from '../lib/client-ip';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;
/** Answers and returns true when the request is its own; false leaves it to the next. */
type ClaimingHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

const isV1Path = (path: string) => path === '/v1' || path.startsWith('/v1/') || path.startsWith('/v1?');

/**
 * Whether a request target is under /v1 once its dot segments are resolved, as Next and the
 * dispatcher resolve them: `/x/../v1/settings` is /v1/settings and must not reach Next's own /v1
 * mount past the lean entry. Targets without a dot or an escape skip the URL parser.
 */
export function isV1(url: string): boolean {
  if (isV1Path(url)) return true;
  const path = url.split('?')[0];
  if (!/[.%\\]/.test(path)) return false;
  try {
    return isV1Path(new URL(`http://localhost${path.startsWith('/') ? '' : '/'}${path}`).pathname);
  } catch {
    return false;
  }
}

const isMcp = (url: string) => url === '/mcp' || url.startsWith('/mcp?');

/**
 * The lean entry's routing: /v1 straight to the dispatcher, /mcp to the MCP server, then the browser routes and the
 * payment providers' receivers, everything else to Next. `headers` go on every response.
 */
export function createAppListener(parts: {
  headers: [string, string][];
  v1: NodeHandler;
  /** POST /mcp: the MCP server (server/mcp/server.ts). */
  mcp: NodeHandler;
  browser: ClaimingHandler;
  receiver: ClaimingHandler;
  next: NodeHandler;
}) {
  return (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of parts.headers) res.setHeader(name, value);
    if (isV1(req.url ?? '/')) return void parts.v1(req, res);
    if (isMcp(req.url ?? '/')) return void parts.mcp(req, res);
    if (parts.browser(req, res)) return;
    if (parts.receiver(req, res)) return;
    // Next's handlers see a Fetch Request without the socket: hand them the peer (client-ip.ts).
    stampPeer(req);
    parts.next(req, res);
  };
}

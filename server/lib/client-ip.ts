import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

// "Which address sent this request", in one place. X-Forwarded-For is written by whoever sends
// the request, so it is believed only for hops the operator declared as their own proxies
// (TRUST_PROXY); otherwise the TCP peer is the client. proxy-addr (Express's resolver) walks the
// chain from the socket outwards and stops at the first address that is not a trusted proxy.

/** Is the hop at `addr`, `i` steps from the server, one of our own proxies? */
export type TrustProxy = (addr: string, i: number) => boolean;

/**
 * TRUST_PROXY: unset, empty, `false` or `0` trusts no proxy; a number trusts that many hops in
 * front of the server (`1`: one load balancer); otherwise a comma-separated list of addresses and
 * CIDR ranges (also proxy-addr's `loopback`, `linklocal`, `uniquelocal`). A bad entry throws at
 * start-up rather than silently trusting nothing.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return null;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_addr, i) => i < hops;
  }
  return proxyaddr.compile(v.split(',').map((s) => s.trim()).filter(Boolean));
}

/**
 * The client's address: the peer when no proxy is trusted, else the first untrusted hop of
 * X-Forwarded-For. Without a peer (a host that hides the socket) only a trusted chain can tell,
 * its last entry standing in for the peer; with nothing trusted the answer is unknown (null).
 */
export function clientIp(peer: string | null | undefined, forwardedFor: string | null | undefined, trust: TrustProxy | null): string | null {
  if (!trust) return peer || null;
  const chain = (forwardedFor ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const socket = peer || chain.pop();
  if (!socket) return null;
  const req = { socket: { remoteAddress: socket }, connection: { remoteAddress: socket }, headers: { 'x-forwarded-for': chain.join(', ') } };
  return proxyaddr(req as unknown as IncomingMessage, trust);
}

// The lean entry (server/http/serve.ts) hands everything but /v1 to Next, whose route handlers
// see a Fetch Request without the socket. It stamps the peer into this header, overwriting
// whatever a client sent, and says so here; without that stamp the header is ignored.
const PEER_HEADER = 'x-refcount-peer';
const STAMPED = Symbol.for('refcount.peer-header-stamped');

/** Called by the lean entry for every request it passes to Next. */
export function stampPeer(req: IncomingMessage) {
  (globalThis as { [STAMPED]?: boolean })[STAMPED] = true;
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
}

/** A node:http request's client. */
export const nodeClientIp = (req: IncomingMessage, trust: TrustProxy | null) => {
  const xff = req.headers['x-forwarded-for'];
  return clientIp(req.socket.remoteAddress, Array.isArray(xff) ? xff.join(', ') : xff, trust);
};

/** A Fetch-style request's client (Next route handlers, next-auth's `authorize`). */
export function headersClientIp(header: (name: string) => string | null | undefined, trust: TrustProxy | null) {
  const peer = (globalThis as { [STAMPED]?: boolean })[STAMPED] ? header(PEER_HEADER) : null;
  return clientIp(peer, header('x-forwarded-for'), trust);
}

/**
 * The key a per-client budget counts under: an IPv4 address as it is, an IPv6 address by its /64
 * (one household or one server gets a whole /64, and rotating within it must not buy new budgets);
 * an IPv4-mapped IPv6 address as its IPv4.
 */
export function clientBudgetKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

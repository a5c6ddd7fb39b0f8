import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  PartnerStackCustomer,
  PartnerStackGroup,
  PartnerStackList,
  PartnerStackPartnership,
  PartnerStackPayout,
  PartnerStackReward,
  PartnerStackTransaction,
} from '../../importers/partnerstack/api';

// A local stand-in for PartnerStack's vendor API v2 at its HTTP edge (node:http), built from its
// public docs: HTTP Basic auth of public key and secret key (401 otherwise), answers wrapped as
// { data, message, status }, list endpoints paged by cursor: `limit` (1..250, default 10) and
// `starting_after` (the key of the last item seen), answering data: { has_more, items }; typed by
// the importer's own api.ts. It can answer one 429 with Retry-After, and fail (500) after some pages.

export type PartnerStackData = {
  groups: PartnerStackGroup[];
  partnerships: PartnerStackPartnership[];
  customers: PartnerStackCustomer[];
  transactions: PartnerStackTransaction[];
  rewards: PartnerStackReward[];
  payouts: PartnerStackPayout[];
};

export type FakePartnerStack = {
  url: string;
  data: PartnerStackData;
  /** Every request: path with query. */
  requests: string[];
  /** The next request to `resource` answers 429 with this Retry-After (seconds). */
  rateLimitOnce(resource: keyof PartnerStackData, retryAfter: string): void;
  /** After `pages` more answered pages (any resource), every request answers 500, until cleared with null. */
  failAfter(pages: number | null): void;
  close(): Promise<void>;
};

export async function startFakePartnerStack(publicKey: string, secretKey: string, data: Partial<PartnerStackData> = {}): Promise<FakePartnerStack> {
  const state: PartnerStackData = { groups: [], partnerships: [], customers: [], transactions: [], rewards: [], payouts: [], ...data };
  const requests: string[] = [];
  const limited = new Map<string, string>();
  let pagesLeft: number | null = null;
  const expected = `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}`;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expected) return send(401, { message: 'Invalid authentication credentials', status: 401 });
    const resource = url.pathname.replace(/^\/api\/v2\//, '') as keyof PartnerStackData;
    if (req.method !== 'GET' || !(resource in state)) return send(404, { message: 'Not found', status: 404 });
    const retryAfter = limited.get(resource);
    if (retryAfter !== undefined) {
      limited.delete(resource);
      return send(429, { message: 'Too many requests', status: 429 }, { 'retry-after': retryAfter });
    }
    if (pagesLeft !== null && pagesLeft-- <= 0) return send(500, { message: 'Internal server error', status: 500 });
    const limit = Number(url.searchParams.get('limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250) return send(400, { message: 'limit must be between 1 and 250', status: 400 });
    const all = state[resource] as { key: string }[];
    const after = url.searchParams.get('starting_after');
    const start = after === null ? 0 : all.findIndex((i) => i.key === after) + 1;
    if (after !== null && start === 0) return send(400, { message: `no item ${after}`, status: 400 });
    const items = all.slice(start, start + limit);
    const body: PartnerStackList<unknown> = { data: { has_more: start + limit < all.length, items }, message: 'Page returned successfully', status: 200 };
    send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    data: state,
    requests,
    rateLimitOnce: (resource, retryAfter) => void limited.set(resource, retryAfter),
    failAfter: (pages) => void (pagesLeft = pages),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToltCommission, ToltCustomer, ToltLink, ToltPartner, ToltProgram, ToltPromotionCode, ToltTransaction } from '../../importers/tolt/api';

// A local stand-in for Tolt's REST API v1 at its HTTP edge (node:http), built from its public docs:
// `Authorization: Bearer <key>` (401 otherwise), lists scoped by `program_id` (400 without it, but
// /v1/programs which takes none) and paged by cursor: `limit` (default 10, at most 100) and
// `starting_after` (an id), answering { success, has_more, total_count, data } — /v1/customers with
// its items under `data.data`, as its docs page shows. /v1/commissions embeds the customer and the
// transaction when `expand[]` asks. It can answer one 429 with Retry-After, and fail (500) after some pages.

export type ToltData = {
  programs: ToltProgram[];
  partners: ToltPartner[];
  links: ToltLink[];
  'promotion-codes': ToltPromotionCode[];
  customers: ToltCustomer[];
  transactions: ToltTransaction[];
  commissions: ToltCommission[];
};

export type FakeTolt = {
  url: string;
  data: ToltData;
  requests: string[];
  rateLimitOnce(resource: keyof ToltData, retryAfter: string): void;
  failAfter(pages: number | null): void;
  close(): Promise<void>;
};

export async function startFakeTolt(apiKey: string, data: Partial<ToltData> = {}): Promise<FakeTolt> {
  const state: ToltData = { programs: [], partners: [], links: [], 'promotion-codes': [], customers: [], transactions: [], commissions: [], ...data };
  const requests: string[] = [];
  const limited = new Map<string, string>();
  let pagesLeft: number | null = null;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, message: string, type: string) => send(status, { success: false, error: { message, type } });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(401, 'Invalid API key provided', 'authentication_error');
    const resource = url.pathname.replace(/^\/v1\//, '') as keyof ToltData;
    if (req.method !== 'GET' || !(resource in state) || resource === 'transactions') return fail(404, 'Not found', 'invalid_request_error');
    const retryAfter = limited.get(resource);
    if (retryAfter !== undefined) {
      limited.delete(resource);
      return send(429, { success: false, error: { message: 'Too many requests', type: 'rate_limit_error' } }, { 'retry-after': retryAfter });
    }
    const programId = url.searchParams.get('program_id');
    if (resource !== 'programs' && !programId) return fail(400, 'program_id is required', 'invalid_request_error');
    if (pagesLeft !== null && pagesLeft-- <= 0) return fail(500, 'Internal server error', 'api_error');
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 10) || 10, 100);
    const all = (state[resource] as { id: string }[]).filter((r) => resource === 'programs' || (r as { program_id?: string }).program_id === undefined || (r as { program_id?: string }).program_id === programId);
    const after = url.searchParams.get('starting_after');
    const start = after ? all.findIndex((r) => r.id === after) + 1 : 0;
    let items: unknown[] = all.slice(start, start + limit);
    const expand = url.searchParams.getAll('expand[]');
    if (resource === 'commissions') {
      items = (items as ToltCommission[]).map((c) => ({
        ...c,
        ...(expand.includes('customer') ? { customer: state.customers.find((x) => x.id === c.customer_id) ?? null } : {}),
        ...(expand.includes('transaction') ? { transaction: state.transactions.find((x) => x.id === c.transaction_id) ?? null } : {}),
      }));
    }
    const hasMore = start + limit < all.length;
    send(200, { success: true, has_more: hasMore, total_count: all.length, data: resource === 'customers' ? { data: items } : items });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    data: state,
    requests,
    rateLimitOnce: (resource, retryAfter) => void limited.set(resource, retryAfter),
    failAfter: (pages) => void (pagesLeft = pages),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

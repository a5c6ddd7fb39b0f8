import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FpCampaign, FpCommission, FpPayout, FpPayoutMethod, FpPromoter, FpReferral, FpReward } from '../../importers/firstpromoter/api';

// A local stand-in for FirstPromoter's admin API v2 at its HTTP edge (node:http), built from its
// public docs: `Authorization: Bearer <key>` and `Account-ID: <id>` on every call (401 otherwise),
// lists paged by `page` and `per_page` (default 20, at most 100) answering a bare JSON array, except
// /promoters answering { data, meta }; /payout_methods needs `filters[promoter_id]`. Typed by the
// importer's own api.ts. It can answer one 429 with Retry-After, and fail (500) after some pages.

export type FirstPromoterData = {
  rewards: FpReward[];
  campaigns: FpCampaign[];
  promoters: FpPromoter[];
  payout_methods: (FpPayoutMethod & { promoter_id: number })[];
  referrals: FpReferral[];
  commissions: FpCommission[];
  payouts: FpPayout[];
};

export type FakeFirstPromoter = {
  url: string;
  data: FirstPromoterData;
  /** Every request: path with query. */
  requests: string[];
  /** The next request to `resource` answers 429 with this Retry-After (seconds). */
  rateLimitOnce(resource: keyof FirstPromoterData, retryAfter: string): void;
  /** After `pages` more answered list pages (any resource), every request answers 500, until cleared with null. */
  failAfter(pages: number | null): void;
  close(): Promise<void>;
};

export async function startFakeFirstPromoter(apiKey: string, accountId: string, data: Partial<FirstPromoterData> = {}): Promise<FakeFirstPromoter> {
  const state: FirstPromoterData = { rewards: [], campaigns: [], promoters: [], payout_methods: [], referrals: [], commissions: [], payouts: [], ...data };
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
    if (req.headers.authorization !== `Bearer ${apiKey}` || req.headers['account-id'] !== accountId) return send(401, { error: 'Unauthenticated' });
    const resource = url.pathname.replace(/^\/api\/v2\/company\//, '') as keyof FirstPromoterData;
    if (req.method !== 'GET' || !(resource in state)) return send(404, { error: 'Not found' });
    const retryAfter = limited.get(resource);
    if (retryAfter !== undefined) {
      limited.delete(resource);
      return send(429, { error: 'Too Many Requests' }, { 'retry-after': retryAfter });
    }
    if (resource === 'payout_methods') {
      const promoterId = Number(url.searchParams.get('filters[promoter_id]'));
      if (!promoterId) return send(422, { error: 'filters[promoter_id] is required' });
      return send(200, state.payout_methods.filter((m) => m.promoter_id === promoterId).map(({ promoter_id: _, ...m }) => m));
    }
    if (pagesLeft !== null && pagesLeft-- <= 0) return send(500, { error: 'Internal server error' });
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 20) || 20, 100);
    const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
    const items = (state[resource] as unknown[]).slice((page - 1) * perPage, page * perPage);
    send(200, resource === 'promoters' ? { data: items, meta: { pending_count: 0 } } : items);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v2/company`,
    data: state,
    requests,
    rateLimitOnce: (resource, retryAfter) => void limited.set(resource, retryAfter),
    failAfter: (pages) => void (pagesLeft = pages),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

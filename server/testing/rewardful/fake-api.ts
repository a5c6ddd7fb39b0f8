import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RewardfulAffiliate, RewardfulCampaign, RewardfulCommission, RewardfulCoupon, RewardfulList, RewardfulPayout, RewardfulReferral } from '../../importers/rewardful/api';

// A local stand-in for Rewardful's REST API v1 at its HTTP edge (node:http), built from its public
// docs: HTTP Basic auth with the API secret as user name (401 otherwise), list endpoints paged by
// `page` and `limit` (default 25, at most 100) answering { pagination, data }, typed by the
// importer's own api.ts. It can answer one 429 with Retry-After, and fail (500) after some pages.

export type RewardfulData = {
  campaigns: RewardfulCampaign[];
  affiliates: RewardfulAffiliate[];
  affiliate_coupons: RewardfulCoupon[];
  referrals: RewardfulReferral[];
  commissions: RewardfulCommission[];
  payouts: RewardfulPayout[];
};

export type FakeRewardful = {
  url: string;
  data: RewardfulData;
  /** Every request: path with query. */
  requests: string[];
  /** The next request to `resource` answers 429 with this Retry-After (seconds). */
  rateLimitOnce(resource: keyof RewardfulData, retryAfter: string): void;
  /** After `pages` more answered pages (any resource), every request answers 500, until cleared with null. */
  failAfter(pages: number | null): void;
  close(): Promise<void>;
};

export async function startFakeRewardful(secret: string, data: Partial<RewardfulData> = {}, { port = 0 }: { port?: number } = {}): Promise<FakeRewardful> {
  const state: RewardfulData = { campaigns: [], affiliates: [], affiliate_coupons: [], referrals: [], commissions: [], payouts: [], ...data };
  const requests: string[] = [];
  const limited = new Map<string, string>();
  let pagesLeft: number | null = null;
  const expected = `Basic ${Buffer.from(`${secret}:`).toString('base64')}`;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expected) return send(401, { error: 'Invalid API Secret.' });
    const resource = url.pathname.replace(/^\/v1\//, '') as keyof RewardfulData;
    if (req.method !== 'GET' || !(resource in state)) return send(404, { error: 'Not found' });
    const retryAfter = limited.get(resource);
    if (retryAfter !== undefined) {
      limited.delete(resource);
      return send(429, { error: 'Too many requests' }, { 'retry-after': retryAfter });
    }
    if (pagesLeft !== null && pagesLeft-- <= 0) return send(500, { error: 'Internal server error' });
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, 100);
    const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
    const all = state[resource] as unknown[];
    const totalPages = Math.max(Math.ceil(all.length / limit), 1);
    const body: RewardfulList<unknown> = {
      pagination: {
        previous_page: page > 1 ? page - 1 : null,
        current_page: page,
        next_page: page < totalPages ? page + 1 : null,
        count: Math.min(limit, Math.max(all.length - (page - 1) * limit, 0)),
        limit,
        total_pages: totalPages,
        total_count: all.length,
      },
      data: all.slice((page - 1) * limit, page * limit),
    };
    send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    data: state,
    requests,
    rateLimitOnce: (resource, retryAfter) => void limited.set(resource, retryAfter),
    failAfter: (pages) => void (pagesLeft = pages),
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

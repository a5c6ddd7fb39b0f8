import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clicks } from '@/db/schema';
import { MAX_TOUCHES } from '../contracts/limits';
import { attribute, type AttributionInput, type Candidates } from '../domain/attribution/attribute';
import { touchesOf, type AffiliateSeen, type CampaignSeen, type ClickSeen } from '../domain/attribution/touches';
import { DAY_MS } from '../domain/tracking/confidence';
import { AFFILIATE_STATUSES, ATTRIBUTION_MODELS, CAMPAIGN_STATUSES } from '../model/enums';
import { newId } from '../lib/ids';
import { startTestApi, type TestApi } from '../testing/api';
import { seedAffiliate, seedCampaign } from '../testing/seed';
import { readSale } from './sale';

// The sale reads its touches in SQL (touches.ts, sale-read.ts) by the rule that touchesOf states
// in TypeScript (docs/attribution.md#how-a-conversion-finds-its-affiliate). For random click
// histories (campaigns with random windows, models and statuses; affiliates active or not; clicks
// around the windows' edges; visitors, fingerprints, ip and user agent hashes) and a random sale,
// the touches readSale reads each way equal the function's, and attribution over them picks the
// same touch. Seeded (PROPERTY_SEED, PROPERTY_RUNS), so a failure reproduces.
const SEED = Number(process.env.PROPERTY_SEED ?? 51_011);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const WINDOWS = [1, 2, 7, 30];

let api: TestApi;
let ws: string;
// the sale's moment, to the second: the clicks lie up to 45 days before it, in partitions that exist
const at = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY_MS);
beforeAll(async () => {
  api = await startTestApi();
  ws = (await api.workspace(['*'])).id;
});
afterAll(() => api?.close());

const campaign = fc.record({ windowDays: fc.constantFrom(...WINDOWS), model: fc.constantFrom(...ATTRIBUTION_MODELS), status: fc.constantFrom(...CAMPAIGN_STATUSES) });
const affiliate = fc.record({ status: fc.oneof({ arbitrary: fc.constant('active' as const), weight: 3 }, { arbitrary: fc.constantFrom(...AFFILIATE_STATUSES), weight: 1 }) });
// A click's age: thousandths of its campaign's window up to one and a half, or an edge: exactly
// the window, a millisecond either side of it, at the sale's moment, a millisecond or a second after it.
const age = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 1_500 }).map((k) => (w: number) => (k * w * DAY_MS) / 1_000), weight: 3 },
  { arbitrary: fc.constantFrom((w: number) => w * DAY_MS, (w: number) => w * DAY_MS - 1, (w: number) => w * DAY_MS + 1, () => 0, () => -1, () => -1_000), weight: 2 },
);
const click = fc.record({
  affiliate: fc.nat(2),
  campaign: fc.nat(2),
  visitorKey: fc.constantFrom('v1', 'v2'),
  fingerprint: fc.option(fc.constantFrom('f1', 'f2')),
  ipHash: fc.option(fc.constantFrom('i1', 'i2')),
  uaHash: fc.option(fc.constantFrom('u1', 'u2')),
  age,
});
const sale = fc.record({
  visitorId: fc.option(fc.constantFrom('v1', 'v2', 'v3'), { freq: 4 }),
  fingerprint: fc.option(fc.constantFrom('f1', 'f2')),
  ipHash: fc.option(fc.constantFrom('i1', 'i2')),
  uaHash: fc.option(fc.constantFrom('u1', 'u2')),
});

it("readSale's touches, each way, are touchesOf's, and attribution picks the same touch", async () => {
  let run = 0;
  let found = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(campaign, { minLength: 1, maxLength: 3 }),
      fc.array(affiliate, { minLength: 1, maxLength: 3 }),
      fc.array(click, { maxLength: 12 }),
      sale,
      async (campaignsOf, affiliatesOf, history, s) => {
        // each run its own values, so no run sees another's clicks
        const tag = `t${run++}-`;
        const t = (v: string | null) => (v === null ? null : tag + v);
        const campaigns = new Map<string, CampaignSeen>();
        const ids: string[] = [];
        for (const c of campaignsOf) {
          const row = await seedCampaign(api.db, ws, { cookieWindowDays: c.windowDays, attributionModel: c.model, status: c.status });
          campaigns.set(row.id, { id: row.id, model: c.model, windowDays: c.windowDays });
          ids.push(row.id);
        }
        const affiliates = new Map<string, AffiliateSeen>();
        const people: string[] = [];
        for (const a of affiliatesOf) {
          const row = await seedAffiliate(api.db, ws, { status: a.status, campaignId: ids[0] });
          affiliates.set(row.id, { id: row.id, status: a.status });
          people.push(row.id);
        }
        // distinct times: the store orders by time alone
        const seen = new Set<number>();
        const past: ClickSeen[] = [];
        for (const c of history) {
          const campaignId = ids[c.campaign % ids.length];
          const ts = at.getTime() - c.age(campaigns.get(campaignId)!.windowDays);
          if (seen.has(ts)) continue;
          seen.add(ts);
          past.push({
            clickId: newId(), affiliateId: people[c.affiliate % people.length], campaignId, ts: new Date(ts),
            visitorKey: t(c.visitorKey)!, fingerprint: t(c.fingerprint), ipHash: t(c.ipHash), uaHash: t(c.uaHash),
          });
        }
        if (past.length) {
          await api.db.insert(clicks).values(past.map(({ clickId, ...c }) => ({ ...c, id: clickId, workspaceId: ws, matchMethod: 'new' as const, matchConfidence: 1 })));
        }
        const input: AttributionInput = { visitorId: t(s.visitorId), fingerprint: t(s.fingerprint), ipHash: t(s.ipHash), uaHash: t(s.uaHash), at };
        const read = await readSale({
          ctx: { db: api.db, workspaceId: ws },
          keys: { externalId: `${tag}sale`, visitorId: input.visitorId, fingerprint: input.fingerprint, ipHash: input.ipHash!, uaHash: input.uaHash!, at },
          underKey: null,
        });
        const pure: Candidates = {
          customer: null, code: null, manualCode: null, ref: null,
          cookie: input.visitorId ? touchesOf({ by: 'cookie', visitorKey: input.visitorId }, past, campaigns, affiliates, at) : [],
          fingerprint: input.fingerprint ? touchesOf({ by: 'fingerprint', fingerprint: input.fingerprint }, past, campaigns, affiliates, at) : [],
          ip: input.ipHash && input.uaHash ? touchesOf({ by: 'ip', ipHash: input.ipHash, uaHash: input.uaHash }, past, campaigns, affiliates, at) : [],
        };
        found += pure.cookie.length + pure.fingerprint.length + pure.ip.length;
        const { cookie, fingerprint, ip } = read.candidates;
        expect({ cookie, fingerprint, ip }).toEqual({ cookie: pure.cookie, fingerprint: pure.fingerprint, ip: pure.ip });
        expect(attribute(input, read.candidates)).toEqual(attribute(input, pure));
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
  // the histories found touches, not only empty lists
  expect(found).toBeGreaterThan(RUNS);
});

it('reads at most MAX_TOUCHES touches, the oldest, as touchesOf keeps them', async () => {
  const c = await seedCampaign(api.db, ws, { cookieWindowDays: 30, attributionModel: 'first_click' });
  const a = await seedAffiliate(api.db, ws, { campaignId: c.id });
  const past: ClickSeen[] = Array.from({ length: MAX_TOUCHES + 5 }, (_, i) => ({
    clickId: newId(), affiliateId: a.id, campaignId: c.id, ts: new Date(at.getTime() - (i + 1) * 60_000), visitorKey: 'many', fingerprint: 'many-f', ipHash: null, uaHash: null,
  }));
  await api.db.insert(clicks).values(past.map(({ clickId, ...k }) => ({ ...k, id: clickId, workspaceId: ws, matchMethod: 'new' as const, matchConfidence: 1 })));
  const expected = touchesOf({ by: 'cookie', visitorKey: 'many' }, past, new Map([[c.id, { id: c.id, model: 'first_click', windowDays: 30 }]]), new Map([[a.id, { id: a.id, status: 'active' }]]), at);
  expect(expected).toHaveLength(MAX_TOUCHES);
  const read = await readSale({ ctx: { db: api.db, workspaceId: ws }, keys: { externalId: 'many', visitorId: 'many', fingerprint: 'many-f', ipHash: null, uaHash: null, at }, underKey: null });
  expect(read.candidates.cookie).toEqual(expected);
  expect(read.candidates.fingerprint).toEqual(expected);
});

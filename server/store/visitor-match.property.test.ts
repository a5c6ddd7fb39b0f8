import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clicks } from '@/db/schema';
import { matchVisitor, type EarlierClick, type VisitorSigns } from '../domain/tracking/match-visitor';
import { newId } from '../lib/ids';
import { rowsOf } from '../lib/rows';
import { startTestApi, type TestApi } from '../testing/api';
import { seedAffiliate, seedCampaign } from '../testing/seed';
import { writeClicks } from './click-write';

// The click statement matches visitors in SQL (click-write.ts) by the rule that matchVisitor states
// in TypeScript (docs/attribution.md#clicks-and-visitors). For random histories of earlier clicks
// (fingerprints, ip and user agent hashes, ages inside and outside the window) and a random new
// click, the statement's answer equals the function's: the same visitor, method and confidence.
// Seeded (PROPERTY_SEED, PROPERTY_RUNS), so a failure reproduces.
const SEED = Number(process.env.PROPERTY_SEED ?? 51_002);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const WINDOWS = [1, 7, 30];
const DAY = 86_400_000;

let api: TestApi;
let ws: string;
const codes: string[] = [];
beforeAll(async () => {
  api = await startTestApi();
  ws = (await api.workspace(['*'])).id;
  for (const cookieWindowDays of WINDOWS) {
    const campaign = await seedCampaign(api.db, ws, { cookieWindowDays });
    codes.push((await seedAffiliate(api.db, ws, { campaignId: campaign.id })).refCode);
  }
});
afterAll(() => api?.close());

// A few values each, so that histories and clicks meet often; null: not sent.
const signs = fc.record({
  visitorId: fc.option(fc.constantFrom('v1', 'v2'), { freq: 6 }),
  fingerprint: fc.option(fc.constantFrom('f1', 'f2')),
  ipHash: fc.option(fc.constantFrom('i1', 'i2')),
  uaHash: fc.option(fc.constantFrom('u1', 'u2')),
});
const earlier = fc.record({
  visitorKey: fc.constantFrom('ka', 'kb', 'kc'),
  fingerprint: fc.option(fc.constantFrom('f1', 'f2')),
  ipHash: fc.option(fc.constantFrom('i1', 'i2')),
  uaHash: fc.option(fc.constantFrom('u1', 'u2')),
});
// ages as thousandths of the campaign's window, up to one and a half (distinct: the latest click
// must be one); -1 and -2: two seconds inside and outside the window's end
const ages = fc.uniqueArray(fc.oneof(fc.integer({ min: 1, max: 1_500 }), fc.constantFrom(-1, -2)), { maxLength: 8 });
const ageMs = (a: number, windowDays: number) => (a === -1 ? windowDays * DAY - 2_000 : a === -2 ? windowDays * DAY + 2_000 : (a * windowDays * DAY) / 1_000);

it('the click statement matches visitors as matchVisitor does, on random histories', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(earlier, { maxLength: 8 }), ages, signs, fc.nat(WINDOWS.length - 1), async (history, agesOf, click, w) => {
      // each run its own values, so no run sees another's clicks
      const tag = `r${run++}-`;
      const t = (v: string | null) => (v === null ? null : tag + v);
      const start = Date.now();
      const past = history.slice(0, agesOf.length).map((c, i) => ({
        visitorKey: t(c.visitorKey)!, fingerprint: t(c.fingerprint), ipHash: t(c.ipHash), uaHash: t(c.uaHash), ts: new Date(start - ageMs(agesOf[i], WINDOWS[w])),
      }));
      const { campaignId, affiliateId } = await campaignOf(codes[w]);
      if (past.length) {
        await api.db.insert(clicks).values(past.map((c) => ({ ...c, workspaceId: ws, campaignId, affiliateId, matchMethod: 'new' as const, matchConfidence: 1 })));
      }
      const sent: VisitorSigns = { visitorId: t(click.visitorId), fingerprint: t(click.fingerprint), ipHash: t(click.ipHash), uaHash: t(click.uaHash) };
      const clickId = newId();
      const [out] = await writeClicks(api.db, [{
        ws, ref: codes[w], vid: sent.visitorId, fp: sent.fingerprint, ip: sent.ipHash, ua: sent.uaHash, url: null, referrer: null,
        source: 'api', click_id: clickId, mint: `${tag}new`, roll_id: newId(), key: null,
      }]);
      // the statement's time, to the microsecond, and the earlier clicks' times as stored
      const [now] = await rowsOf<{ ms: number }>(api.db, sql`select (extract(epoch from created_at) * 1000)::float8 as ms from clicks where id = ${clickId}`);
      const seen: EarlierClick[] = past.map((c) => ({ ...c, at: c.ts.getTime() }));
      const expected = matchVisitor(sent, seen, WINDOWS[w], Number(now.ms), `${tag}new`);
      expect({ visitorKey: out.visitor_key, method: out.match_method, confidence: out.match_confidence }).toEqual(expected);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

const campaigns = new Map<string, { campaignId: string; affiliateId: string }>();
async function campaignOf(code: string) {
  let found = campaigns.get(code);
  if (!found) {
    const [row] = await rowsOf<{ campaignId: string; affiliateId: string }>(api.db, sql`
      select campaign_id as "campaignId", id as "affiliateId" from affiliates where workspace_id = ${ws} and ref_code = ${code}`);
    campaigns.set(code, (found = row));
  }
  return found;
}

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { campaigns } from '@/db/schema';
import { referralTargets } from '../browser/lookup';
import { defaultCampaign } from '../domain/campaigns/campaigns';
import { newId } from '../lib/ids';
import { rowsOf } from '../lib/rows';
import { startTestApi, type TestApi } from '../testing/api';
import { seedAffiliate, seedCampaign } from '../testing/seed';
import { writeClicks } from './click-write';

// The default campaign (docs/affiliates.md#campaign-and-links) is one SQL fragment,
// defaultCampaignId: what defaultCampaign returns is the campaign the click statement credits a
// click of an affiliate without a campaign to, and the one its referral link lands on
// (server/browser/lookup.ts), as campaigns are paused and archived in turn.
let api: TestApi;
let ws: string;
beforeAll(async () => {
  api = await startTestApi();
  ws = (await api.workspace(['*'])).id;
});
afterAll(() => api?.close());

// the campaign a click of `ref` is written under, null when none is
async function clickCampaign(ref: string) {
  const clickId = newId();
  const [out] = await writeClicks(api.db, [{
    ws, ref, vid: 'v', fp: null, ip: null, ua: null, url: null, referrer: null, source: 'api', click_id: clickId, mint: 'm', roll_id: newId(), key: null,
  }]);
  const [row] = await rowsOf<{ campaign_id: string }>(api.db, sql`select campaign_id from clicks where id = ${clickId}`);
  return out.visitor_key === null ? null : row.campaign_id;
}

it('credits the click to, and lands the link on, the campaign defaultCampaign names (none when it names none)', async () => {
  const day = (n: number) => new Date(Date.UTC(2030, 0, n));
  const landing = (n: number) => `https://shop.example.com/${n}`;
  const paused = await seedCampaign(api.db, ws, { status: 'paused', createdAt: day(1), destinationUrl: landing(1) });
  const newer = await seedCampaign(api.db, ws, { createdAt: day(3), destinationUrl: landing(3) });
  const older = await seedCampaign(api.db, ws, { createdAt: day(2), destinationUrl: landing(2) });
  const { refCode } = await seedAffiliate(api.db, ws, { campaignId: null });
  const ctx = { db: api.db, workspaceId: ws };
  const seen: (string | null)[] = [];
  for (const stop of [null, older.id, newer.id]) {
    if (stop) await api.db.update(campaigns).set({ status: 'archived' }).where(eq(campaigns.id, stop));
    const named = await defaultCampaign(ctx);
    expect(await clickCampaign(refCode)).toBe(named?.id ?? null);
    expect((await referralTargets(api.db, refCode, null)).map((t) => t.destination_url)).toEqual(named ? [named.destinationUrl] : []);
    seen.push(named?.id ?? null);
  }
  // the oldest active one, then the next, then none (the paused one never)
  expect(seen).toEqual([older.id, newer.id, null]);
  expect(seen).not.toContain(paused.id);
});

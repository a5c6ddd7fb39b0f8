import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { clicks, conversions } from '@/db/schema';
import { confirmDueConversions } from '../domain/conversions/confirm';
import { DAY_MS } from '../domain/tracking/confidence';
import { newId } from '../lib/ids';
import { rowsOf } from '../lib/rows';
import { startTestApi, type TestApi } from '../testing/api';
import { seedAffiliate, seedCampaign, seedConversion } from '../testing/seed';
import { readSale } from './sale';

// Windows and holds are counted in 24-hour days (DAY_MS: docs/attribution.md, docs/commissions.md),
// in TypeScript and in SQL alike, whatever time zone the database server runs in. New York left
// daylight saving time on 2026-11-01: thirty calendar days before 2026-11-20 are 721 hours.
const ZONE = 'America/New_York';
const at = new Date('2026-11-20T12:00:00Z');
const HALF_HOUR = 30 * 60_000;

let api: TestApi;
let db: Db; // a database handle whose sessions run in ZONE
let closePeer = async () => {};
beforeAll(async () => {
  api = await startTestApi();
  if (api.database.driver === 'pglite') {
    await api.db.execute(sql.raw(`set timezone to '${ZONE}'`)); // PGlite is one session
    db = api.db;
  } else {
    // new sessions of this database start in ZONE
    const [{ name }] = await rowsOf<{ name: string }>(api.db, sql`select current_database() as name`);
    await api.db.execute(sql.raw(`alter database "${name}" set timezone to '${ZONE}'`));
    const peer = await api.database.openPeer();
    db = peer.db;
    closePeer = () => peer.close();
  }
  const [{ zone }] = await rowsOf<{ zone: string }>(db, sql`select current_setting('TimeZone') as zone`);
  expect(zone).toBe(ZONE);
});
afterAll(async () => {
  await closePeer();
  await api?.close();
});

it('a 30-day window across the change is 720 hours: a click 30 minutes older is out, 30 minutes younger in', async () => {
  const ws = (await api.workspace()).id;
  const campaign = await seedCampaign(api.db, ws, { cookieWindowDays: 30 });
  const affiliate = await seedAffiliate(api.db, ws, { campaignId: campaign.id, status: 'active' });
  const click = (visitorKey: string, ts: number) => ({
    id: newId(), workspaceId: ws, affiliateId: affiliate.id, campaignId: campaign.id, visitorKey, ts: new Date(ts), matchMethod: 'new' as const, matchConfidence: 1,
  });
  await db.insert(clicks).values([click('older', at.getTime() - 30 * DAY_MS - HALF_HOUR), click('younger', at.getTime() - 30 * DAY_MS + HALF_HOUR)]);
  const touches = async (visitorId: string) =>
    (await readSale({ ctx: { db, workspaceId: ws }, keys: { externalId: `tz-${visitorId}`, visitorId, ipHash: null, uaHash: null, at }, underKey: null })).candidates.cookie;
  expect(await touches('older')).toEqual([]);
  expect((await touches('younger')).map((t) => t.affiliateId)).toEqual([affiliate.id]);
});

it('a 30-day hold across the change ends 720 hours after the sale, not 721', async () => {
  const ws = (await api.workspace()).id;
  await api.db.execute(sql`update workspace_settings set hold_days = 30 where workspace_id = ${ws}`);
  const campaign = await seedCampaign(api.db, ws);
  const affiliate = await seedAffiliate(api.db, ws, { campaignId: campaign.id, status: 'active' });
  const sale = await seedConversion(api.db, { workspaceId: ws, affiliateId: affiliate.id, campaignId: campaign.id }, { status: 'pending', ts: new Date(at.getTime() - 30 * DAY_MS - HALF_HOUR) });
  await confirmDueConversions(db, at);
  const [row] = await api.db.select({ status: conversions.status }).from(conversions).where(eq(conversions.id, sale.id));
  expect(row.status).toBe('confirmed');
});

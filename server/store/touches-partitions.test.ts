import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { migrate } from '@/db/migrate';
import { ensureClickPartitions } from '@/db/partitions/clicks';
import * as schema from '@/db/schema';
import { seedAffiliate, seedCampaign, seedClick } from '../testing/seed';
import { touchesWhere } from './touches';

// Attribution reads only the monthly partitions of clicks that the workspace's longest cookie
// window reaches: the statement touchesWhere sends, run under EXPLAIN ANALYZE.

const client = new PGlite();
const sent: { query: string; params: unknown[] }[] = [];
const db = drizzle(client, { schema, logger: { logQuery: (query, params) => void sent.push({ query, params }) } }) as unknown as Db;
let ws: string;
const at = new Date('2031-06-20T12:00:00Z');

beforeAll(async () => {
  await migrate({ db, driver: 'pglite', close: async () => {} });
  for (let i = -12; i <= 0; i++) await ensureClickPartitions(db, { now: new Date(Date.UTC(2031, 5 + i, 1)), ahead: 0 });
  ws = (await db.insert(schema.workspaces).values({ name: 'w', publicId: 'w-pub' }).returning())[0].id;
  const campaign = await seedCampaign(db, ws, { cookieWindowDays: 45 });
  const affiliate = await seedAffiliate(db, ws, { campaignId: campaign.id });
  for (let i = -12; i <= 0; i++) await seedClick(db, { workspaceId: ws, campaignId: campaign.id, affiliateId: affiliate.id }, { visitorKey: 'v', ts: new Date(Date.UTC(2031, 5 + i, 10)) });
});
afterAll(() => client.close());

it('scans the months inside the longest cookie window and no others', async () => {
  sent.length = 0;
  const touches = await touchesWhere({ ctx: { db, workspaceId: ws }, match: { by: 'cookie', visitorKey: 'v' }, at });
  // 45 days before 2031-06-20 is 2031-05-06: the clicks of May 10 and June 10.
  expect(touches.map((t) => t.ts.toISOString().slice(0, 7))).toEqual(['2031-05', '2031-06']);
  const { query, params } = sent.find((s) => s.query.includes('"clicks"'))!;
  const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${query}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  const scanned = [...plan.matchAll(/on (clicks_p\d{6})[^\n]*\(actual rows/g)].map((m) => m[1]);
  expect([...new Set(scanned)].sort()).toEqual(['clicks_p203105', 'clicks_p203106']);
});

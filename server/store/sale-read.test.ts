import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import * as schema from '@/db/schema';
import { hashToken } from '../auth/tokens';
import { openTestDatabase, type TestDatabase } from '../testing/database';
import { insertAffiliateCode } from '../testing/affiliate-code-rows';
import { seedAffiliate, seedCampaign, seedClick } from '../testing/seed';
import type { TrackConversion } from '../domain/conversions/new-conversion';
import { recordConversion } from '../domain/conversions/record-conversion';

// A sale by manual code or ref learns its affiliate from its first read (sale-read.ts): no
// statement of its own. Counted from the statements drizzle sends, through a second drizzle
// handle with a logger on the test database's own client (PGlite, or PostgreSQL with
// DATABASE_URL); which affiliate wins is attribution-methods.test.ts's, through /v1.
const sent: string[] = [];
const logger = { logQuery: (query: string) => void sent.push(query) };
let database: TestDatabase;
let db: Db;
let ctx: { db: Db; workspaceId: string };
let active: typeof schema.affiliates.$inferSelect;
let other: typeof schema.affiliates.$inferSelect;
let suspended: typeof schema.affiliates.$inferSelect;

beforeAll(async () => {
  database = await openTestDatabase();
  db = (database.pg
    ? drizzlePostgres(database.pg, { schema, logger })
    : drizzlePglite((database.db as unknown as { $client: PGlite }).$client, { schema, logger })) as unknown as Db;
  const ws = (await db.insert(schema.workspaces).values({ name: 'w', publicId: 'w-first-read' }).returning())[0].id;
  const campaign = await seedCampaign(db, ws);
  // 30 % of every payment for life, so each renewal has a commission that carries its period
  await db.insert(schema.commissionRules).values({ workspaceId: ws, campaignId: campaign.id, name: 'Default', kind: 'default', amount: 3000, lengthType: 'lifetime' });
  [active, other, suspended] = await Promise.all(
    (['active', 'active', 'suspended'] as const).map((status) => seedAffiliate(db, ws, { campaignId: campaign.id, status })),
  );
  ctx = { db, workspaceId: ws };
});
afterAll(() => database?.close());

let n = 0;
// the sale's first read (sale-read.ts), which may read affiliates beside everything else
const firstRead = /^select req\.sale\b/;
/** The affiliate a sale went to, and how many statements other than its first read that read affiliates it sent. */
async function sale(input: Partial<TrackConversion>) {
  sent.length = 0;
  const result = await recordConversion({ ctx, input: { type: 'sale', externalId: `fr_${n++}`, amount: 1_000, ...input } });
  const [row] = result.attributed ? await db.query.conversions.findMany({ where: (c, { eq }) => eq(c.id, result.conversion_id) }) : [];
  return { affiliateId: row?.affiliateId ?? null, method: row?.matchMethod ?? null, lookups: sent.filter((q) => !firstRead.test(q) && /from "affiliates"/.test(q)).length };
}

it('finds the affiliate of a ref or a manual code without a statement of its own', async () => {
  expect(await sale({ ref: ` ${active.refCode.toUpperCase()} ` })).toEqual({ affiliateId: active.id, method: 'ref', lookups: 0 });
  expect(await sale({ manualCode: other.refCode, ref: active.refCode })).toEqual({ affiliateId: other.id, method: 'manual_code', lookups: 0 });
  // an unknown manual code falls through to the ref; a visitor without clicks to the code
  expect(await sale({ manualCode: 'nobody', ref: active.refCode })).toEqual({ affiliateId: active.id, method: 'ref', lookups: 0 });
  expect(await sale({ visitorId: 'v_without_clicks', ref: other.refCode })).toEqual({ affiliateId: other.id, method: 'ref', lookups: 0 });
});

it("finds an affiliate code's affiliate in the first read too: no statement of its own", async () => {
  const code = await insertAffiliateCode(db, { workspaceId: ctx.workspaceId, affiliateId: other.id, code: `Code${other.refCode}` });
  const codeReads = () => sent.filter((q) => /"affiliate_codes"/.test(q)).length;
  expect(await sale({ manualCode: code.code.toLowerCase(), ref: active.refCode })).toEqual({ affiliateId: other.id, method: 'code', lookups: 0 });
  expect(codeReads()).toBe(1); // the first read
  // a sale without a manual code does not read codes at all
  expect(await sale({ ref: active.refCode })).toEqual({ affiliateId: active.id, method: 'ref', lookups: 0 });
  expect(codeReads()).toBe(0);
});

it('does not attribute to an affiliate that is not active', async () => {
  expect(await sale({ ref: suspended.refCode })).toEqual({ affiliateId: null, method: null, lookups: 0 });
  expect(await sale({ manualCode: suspended.refCode, ref: active.refCode })).toEqual({ affiliateId: active.id, method: 'ref', lookups: 0 });
});

it("knows a returning customer's affiliate and earlier payments from the first read: no statement of their own", async () => {
  const customerReads = () => sent.filter((q) => /"customer_id" = /.test(q) && !/"prior"/.test(q)).length;
  const customerId = `cus_${n}`;
  // the first payment goes by ref; the customer is new, so the first read finds nobody for it
  expect(await sale({ customerId, ref: other.refCode })).toEqual({ affiliateId: other.id, method: 'ref', lookups: 0 });
  expect(customerReads()).toBe(0);
  // the renewals keep the customer's affiliate whatever ref they carry, one period further each
  for (const period of [1, 2]) {
    const externalId = `${customerId}_renewal_${period}`;
    expect(await sale({ externalId, customerId, ref: active.refCode, ts: new Date(Date.now() + period * 1_000) })).toEqual({ affiliateId: other.id, method: 'customer', lookups: 0 });
    expect(customerReads()).toBe(0);
    const [renewal] = await db.query.conversions.findMany({ where: (c, { eq }) => eq(c.externalId, externalId) });
    const [commission] = await db.query.commissions.findMany({ where: (c, { eq }) => eq(c.conversionId, renewal.id) });
    expect(commission.periodIndex).toBe(period);
  }
  // a suspended prior affiliate is nobody's: the ref decides again
  const gone = await seedAffiliate(db, ctx.workspaceId, { campaignId: other.campaignId!, status: 'active' });
  await sale({ customerId: 'cus_gone', ref: gone.refCode });
  await db.update(schema.affiliates).set({ status: 'suspended' }).where(eq(schema.affiliates.id, gone.id));
  expect(await sale({ customerId: 'cus_gone', ref: active.refCode, ts: new Date(Date.now() + 5_000) })).toMatchObject({ affiliateId: active.id, method: 'ref', lookups: 0 });
  expect(customerReads()).toBe(0);
});

it("knows a visitor's touches from the first read: a sale by cookie sends no statement reading clicks of its own", async () => {
  const clickReads = () => sent.filter((q) => /from "clicks"/.test(q) && !/"visitor_touches"/.test(q)).length;
  const visitorKey = `v_first_read_${n}`;
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
  const owner = (a: typeof active) => ({ workspaceId: ctx.workspaceId, campaignId: a.campaignId!, affiliateId: a.id });
  // outside the campaign's 30-day window, inside it by two affiliates, and one now suspended
  await seedClick(db, owner(active), { visitorKey, ts: ago(40) });
  const older = await seedClick(db, owner(other), { visitorKey, ts: ago(3) });
  const latest = await seedClick(db, owner(active), { visitorKey, ts: ago(1) });
  await seedClick(db, owner(suspended), { visitorKey, ts: ago(0.5) });
  const { affiliateId, method } = await sale({ externalId: `${visitorKey}_sale`, visitorId: visitorKey, ref: other.refCode });
  expect({ affiliateId, method, clickReads: clickReads() }).toEqual({ affiliateId: active.id, method: 'cookie', clickReads: 0 });
  // the receipt lists the touches in the window, oldest first, times to the millisecond
  const [row] = await db.query.conversions.findMany({ where: (c, { eq }) => eq(c.externalId, `${visitorKey}_sale`) });
  expect(row.clickId).toBe(latest.id);
  expect((row.attribution as { touches: { click_id: string; ts: string; chosen: boolean }[] }).touches).toEqual([
    expect.objectContaining({ click_id: older.id, ts: older.ts.toISOString(), chosen: false }),
    expect.objectContaining({ click_id: latest.id, ts: latest.ts.toISOString(), chosen: true }),
  ]);
  // a visitor whose only click is a suspended affiliate's falls through to the ref, still without a statement of its own
  const gone = `v_first_read_gone_${n}`;
  await seedClick(db, owner(suspended), { visitorKey: gone, ts: ago(1) });
  expect(await sale({ visitorId: gone, ref: other.refCode })).toEqual({ affiliateId: other.id, method: 'ref', lookups: 0 });
  expect(clickReads()).toBe(0);
});

it('sales arriving together share their first read, each answered with its own visitor, and a retry with its sale', async () => {
  const firstReads = () => sent.filter((q) => /jsonb_to_record\(/.test(q) && /"visitor_touches"/.test(q)).length;
  const owner = (a: typeof active) => ({ workspaceId: ctx.workspaceId, campaignId: a.campaignId!, affiliateId: a.id });
  const tag = n++;
  // twelve visitors, each with one click in the window, by one affiliate or the other
  const visitors = Array.from({ length: 12 }, (_, i) => ({ key: `v_together_${tag}_${i}`, by: i % 3 === 0 ? other : active }));
  for (const v of visitors) await seedClick(db, owner(v.by), { visitorKey: v.key, ts: new Date(Date.now() - 3_600_000) });
  const replayed = await sale({ externalId: `together_${tag}_replayed`, ref: other.refCode });
  sent.length = 0;
  const results = await Promise.all([
    ...visitors.map((v) => recordConversion({ ctx, input: { type: 'sale', externalId: `${v.key}_sale`, visitorId: v.key, amount: 1_000 } })),
    recordConversion({ ctx, input: { type: 'sale', externalId: `together_${tag}_replayed`, visitorId: visitors[1].key, amount: 1_000 } }),
  ]);
  expect(firstReads()).toBeGreaterThan(0);
  expect(firstReads()).toBeLessThan(results.length);
  const stored = await db.query.conversions.findMany({ where: (c, { like }) => like(c.externalId, `v_together_${tag}_%`) });
  expect(new Map(stored.map((c) => [c.externalId, c.affiliateId]))).toEqual(new Map(visitors.map((v) => [`${v.key}_sale`, v.by.id])));
  // the retry answers the sale stored before it, not a new one
  const [first] = await db.query.conversions.findMany({ where: (c, { eq }) => eq(c.externalId, `together_${tag}_replayed`) });
  expect(results.at(-1)).toEqual({ ok: true, attributed: true, conversion_id: first.id });
  expect(replayed.affiliateId).toBe(other.id);
});

// What the first read looks up once per statement for the whole batch (docs/performance-history.md,
// "Small tables scanned again for every row"): each sale must still get its own answer.
it('sales of two workspaces read together: each finds the touches of its own campaign windows', async () => {
  const ws2 = (await db.insert(schema.workspaces).values({ name: 'w2', publicId: `w-first-read-${n++}` }).returning())[0].id;
  const long = await seedCampaign(db, ws2, { cookieWindowDays: 90 });
  const far = await seedAffiliate(db, ws2, { campaignId: long.id });
  const tag = n++;
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
  // 60 days ago: inside the other workspace's 90-day window, outside this one's 30 days
  await seedClick(db, { workspaceId: ws2, campaignId: long.id, affiliateId: far.id }, { visitorKey: `v_far_${tag}`, ts: ago(60) });
  await seedClick(db, { workspaceId: ctx.workspaceId, campaignId: active.campaignId!, affiliateId: active.id }, { visitorKey: `v_near_old_${tag}`, ts: ago(60) });
  const near = Array.from({ length: 6 }, (_, i) => `v_near_${tag}_${i}`);
  for (const key of near) await seedClick(db, { workspaceId: ctx.workspaceId, campaignId: active.campaignId!, affiliateId: active.id }, { visitorKey: key, ts: ago(1) });
  const sell = (workspaceId: string, visitorId: string) =>
    recordConversion({ ctx: { db, workspaceId }, input: { type: 'sale', externalId: `${visitorId}_sale`, visitorId, amount: 1_000 } });
  // the other workspace's salt read once before, so its sale joins the shared statement below
  expect((await sell(ws2, `v_nobody_${tag}`)).attributed).toBe(false);
  sent.length = 0;
  const results = await Promise.all([
    ...near.slice(0, 3).map((v) => sell(ctx.workspaceId, v)),
    sell(ws2, `v_far_${tag}`),
    sell(ctx.workspaceId, `v_near_old_${tag}`),
    ...near.slice(3).map((v) => sell(ctx.workspaceId, v)),
  ]);
  expect(sent.filter((q) => /"visitor_touches"/.test(q)).length).toBeLessThan(results.length);
  expect(results.map((r) => r.attributed)).toEqual([true, true, true, true, false, true, true, true]);
  const [far60] = await db.query.conversions.findMany({ where: (c, { eq }) => eq(c.externalId, `v_far_${tag}_sale`) });
  expect({ affiliateId: far60.affiliateId, method: far60.matchMethod }).toEqual({ affiliateId: far.id, method: 'cookie' });
});

it('sales under different keys read together: each checked against its own key', async () => {
  const ws2 = (await db.insert(schema.workspaces).values({ name: 'w3', publicId: `w-first-read-${n++}` }).returning())[0].id;
  const tag = n++;
  const key = async (workspaceId: string, scopes: string[], revokedAt: Date | null = null) => {
    const hash = hashToken(`sa_live_first_read_${tag}_${scopes.join('')}_${workspaceId}_${!!revokedAt}`);
    await db.insert(schema.workspaceKeys).values({ workspaceId, start: 'sa_live_fr', hash, scopes, revokedAt });
    return hash;
  };
  // the first goes alone (one statement in flight), the rest share the next
  const keys = [await key(ctx.workspaceId, ['*'], new Date()), await key(ctx.workspaceId, ['read']), await key(ctx.workspaceId, ['track']), await key(ws2, ['track']), null];
  const visitors = keys.map((_, i) => `v_keyed_${tag}_${i}`);
  for (const v of visitors) await seedClick(db, { workspaceId: ctx.workspaceId, campaignId: active.campaignId!, affiliateId: active.id }, { visitorKey: v, ts: new Date(Date.now() - 3_600_000) });
  const out = await Promise.allSettled(
    keys.map((underKey, i) => recordConversion({ ctx, underKey, input: { type: 'sale', externalId: `${visitors[i]}_sale`, visitorId: visitors[i], amount: 1_000 } })),
  );
  expect(out.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
  out.filter((r) => r.status === 'rejected').forEach((r) => expect(r).toMatchObject({ reason: { code: 'unauthorized' } }));
  const stored = await db.query.conversions.findMany({ where: (c, { like }) => like(c.externalId, `v_keyed_${tag}_%`) });
  expect(stored.map((c) => c.externalId).sort()).toEqual([`${visitors[2]}_sale`, `${visitors[4]}_sale`]);
});

import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import * as schema from '@/db/schema';
import { openTestDatabase, type TestDatabase } from '../../testing/database';
import { seedAffiliate, seedCampaign } from '../../testing/seed';
import { recordConversion, type TrackConversion } from './record';

// A sale by manual code or ref learns its affiliate from its first read (first-read.ts): no
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
/** The affiliate a sale went to, and how many statements that read affiliates alone it sent. */
async function sale(input: Partial<TrackConversion>) {
  sent.length = 0;
  const result = await recordConversion({ ctx, input: { type: 'sale', externalId: `fr_${n++}`, amount: 1_000, ...input } });
  const [row] = result.attributed ? await db.query.conversions.findMany({ where: (c, { eq }) => eq(c.id, result.conversion_id) }) : [];
  return { affiliateId: row?.affiliateId ?? null, method: row?.matchMethod ?? null, lookups: sent.filter((q) => /from "affiliates"/.test(q)).length };
}

it('finds the affiliate of a ref or a manual code without a statement of its own', async () => {
  expect(await sale({ ref: ` ${active.refCode.toUpperCase()} ` })).toEqual({ affiliateId: active.id, method: 'ref', lookups: 0 });
  expect(await sale({ manualCode: other.refCode, ref: active.refCode })).toEqual({ affiliateId: other.id, method: 'manual_code', lookups: 0 });
  // an unknown manual code falls through to the ref; a visitor without clicks to the code
  expect(await sale({ manualCode: 'nobody', ref: active.refCode })).toEqual({ affiliateId: active.id, method: 'ref', lookups: 0 });
  expect(await sale({ visitorId: 'v_without_clicks', ref: other.refCode })).toEqual({ affiliateId: other.id, method: 'ref', lookups: 0 });
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

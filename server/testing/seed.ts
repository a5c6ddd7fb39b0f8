// Direct row seeding for tests that need history the API cannot backdate (real rows, real database).
import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/client';
import { affiliates, campaigns, clicks, commissions, conversions, groups, links, payouts } from '@/db/schema';
import { systemActor } from '../domain/context';
import { createAffiliateKey } from '../domain/keys/affiliate-keys';
import { DEFAULT_GROUP, defaultGroupId } from '@/server/domain/groups/default-group';

// Rows seeded straight into the test database (real data, no mocks) for suites that must not
// depend on the endpoints that create them.

const unique = () => randomBytes(5).toString('hex');

/** Who a test fixture's writes are by, in the audit log. */
export const TEST_ACTOR = systemActor('test');

export async function seedCampaign(db: Db, workspaceId: string, over: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await db.insert(campaigns).values({ workspaceId, name: `Campaign ${unique()}`, ...over }).returning();
  return row;
}

/**
 * The workspace's default group, made if the test's workspace has none (suites seeding a bare
 * workspace id without createWorkspace): every affiliate is in a group.
 */
export async function seedDefaultGroup(db: Db, workspaceId: string) {
  await db.insert(groups).values({ workspaceId, ...DEFAULT_GROUP }).onConflictDoNothing();
}

export async function seedAffiliate(db: Db, workspaceId: string, over: Partial<typeof affiliates.$inferInsert> = {}) {
  const code = `aff-${unique()}`;
  if (!over.groupId) await seedDefaultGroup(db, workspaceId);
  const [row] = await db
    .insert(affiliates)
    .values({ workspaceId, groupId: defaultGroupId(workspaceId), refCode: code, email: `${code}@example.com`, name: code, status: 'active', ...over })
    .returning();
  return row;
}

/** A refa_live_ token for the affiliate. */
export async function affiliateToken(db: Db, workspaceId: string, affiliateId: string) {
  return (await createAffiliateKey({ ctx: { db, workspaceId, actor: TEST_ACTOR }, affiliateId })).token;
}

type Owner = { workspaceId: string; affiliateId: string; campaignId: string };

export async function seedLink(db: Db, o: Owner, over: Partial<typeof links.$inferInsert> = {}) {
  const [row] = await db.insert(links).values({ ...o, refParam: 'ref', destinationUrl: 'https://shop.example.com/', ...over }).returning();
  return row;
}

export async function seedClick(db: Db, o: Owner, over: Partial<typeof clicks.$inferInsert> = {}) {
  const [row] = await db
    .insert(clicks)
    .values({
      ...o,
      visitorKey: `v_${unique()}`,
      fingerprint: 'fp-secret',
      ipHash: 'iphash-secret',
      uaHash: 'uahash-secret',
      url: 'https://shop.example.com/?ref=x',
      referrer: 'https://blog.example.com/',
      matchMethod: 'new',
      matchConfidence: 1,
      ...over,
    })
    .returning();
  return row;
}

export async function seedConversion(db: Db, o: Owner, over: Partial<typeof conversions.$inferInsert> = {}) {
  const [row] = await db
    .insert(conversions)
    .values({ ...o, type: 'sale', status: 'confirmed', amount: 1000, externalId: `ord_${unique()}`, ...over })
    .returning();
  return row;
}

export async function seedCommission(
  db: Db,
  o: { workspaceId: string; affiliateId: string; conversionId: string | null },
  over: Partial<typeof commissions.$inferInsert> = {},
) {
  const amount = over.amount ?? 100;
  const [row] = await db
    .insert(commissions)
    .values({ ...o, amount, computedAmount: amount, currency: 'usd', ...over })
    .returning();
  return row;
}

export async function seedPayout(
  db: Db,
  o: { workspaceId: string; affiliateId: string },
  over: Partial<typeof payouts.$inferInsert> = {},
) {
  const [row] = await db.insert(payouts).values({ ...o, amount: 5000, currency: 'usd', ...over }).returning();
  return row;
}

import type { Db } from '@/db/client';
import { affiliates, clicks, commissions, conversions } from '@/db/schema';

const PEOPLE = [
  ['Ada Lovelace', 'ada@example.com', 'ada'],
  ['Grace Hopper', 'grace@example.com', 'grace'],
  ['Alan Turing', 'alan@example.com', 'alan'],
  ['Katherine Johnson', 'katherine@example.com', 'katherine'],
] as const;

const DAY = 86_400_000;

// Deterministic demo history over the last 30 days: clicks, sales and their commissions.
export async function seedHistory(db: Db, workspaceId: string, campaignId: string) {
  const now = Date.now();
  for (const [i, [name, email, refCode]] of PEOPLE.entries()) {
    const status = i === 3 ? 'pending' : 'active';
    const [aff] = await db
      .insert(affiliates)
      .values({ workspaceId, campaignId, name, email, refCode, status, approvedAt: status === 'active' ? new Date(now - 40 * DAY) : null })
      .returning();
    if (status !== 'active') continue;
    const clickRows = Array.from({ length: 12 * (3 - i) }, (_, n) => ({
      workspaceId,
      campaignId,
      affiliateId: aff.id,
      visitorKey: `demo-${refCode}-${n}`,
      matchMethod: 'new' as const,
      matchConfidence: 1,
      ts: new Date(now - ((n * 7) % 30) * DAY),
    }));
    await db.insert(clicks).values(clickRows);
    for (let n = 0; n < 3 - i; n++) {
      const amount = 4900 + n * 5000;
      const ts = new Date(now - (n * 9 + 2) * DAY);
      const [conv] = await db
        .insert(conversions)
        .values({ workspaceId, campaignId, affiliateId: aff.id, type: 'sale', status: n === 0 ? 'confirmed' : 'pending', amount, currency: 'usd', externalId: `demo_${refCode}_${n}`, customerId: `cus_${refCode}_${n}`, visitorKey: `demo-${refCode}-${n}`, matchMethod: 'cookie', matchConfidence: 1, ts })
        .returning();
      await db.insert(commissions).values({ workspaceId, affiliateId: aff.id, conversionId: conv.id, amount: Math.floor((amount * 30) / 100), computedAmount: Math.floor((amount * 30) / 100), currency: 'usd', status: n === 0 ? 'approved' : 'pending', createdAt: ts });
    }
  }
}

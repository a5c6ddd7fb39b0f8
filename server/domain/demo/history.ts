import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, clicks, commissionRules } from '@/db/schema';
import { recordConversion } from '../conversions/record';
import { refundConversion } from '../conversions/refund';

const PEOPLE = [
  ['Ada Lovelace', 'ada@example.com', 'ada'],
  ['Grace Hopper', 'grace@example.com', 'grace'],
  ['Alan Turing', 'alan@example.com', 'alan'],
  ['Katherine Johnson', 'katherine@example.com', 'katherine'],
] as const;

const DAY = 86_400_000;

/**
 * Deterministic demo history over the last 30 days. Clicks are written with past timestamps (and
 * their rollups from them); sales go through the real engine (attribution by ref code, a 30 %
 * rule, one refund), so commissions, receipts and reports are what production would show.
 */
export async function seedHistory(db: Db, workspaceId: string, campaignId: string) {
  const ctx = { db, workspaceId };
  const now = Date.now();
  await db.insert(commissionRules).values({ workspaceId, campaignId, name: 'Default commission', kind: 'default', amount: 3000, lengthType: 'lifetime' });
  for (const [i, [name, email, refCode]] of PEOPLE.entries()) {
    const status = i === 3 ? 'pending' : 'active';
    const [aff] = await db.insert(affiliates).values({ workspaceId, campaignId, name, email, refCode, status, approvedAt: status === 'active' ? new Date(now - 40 * DAY) : null }).returning();
    if (status !== 'active') continue;
    await db.insert(clicks).values(
      Array.from({ length: 12 * (3 - i) }, (_, n) => ({
        workspaceId, campaignId, affiliateId: aff.id, visitorKey: `demo-${refCode}-${n}`, matchMethod: 'new' as const, matchConfidence: 1, ts: new Date(now - ((n * 7) % 30) * DAY),
      })),
    );
    for (let n = 0; n < 3 - i; n++) {
      const externalId = `demo_${refCode}_${n}`;
      await recordConversion({ ctx, input: { type: 'sale', externalId, ref: refCode, customerId: `cus_${refCode}_${n}`, amount: 4900 + n * 5000, ts: new Date(now - (n * 9 + 2) * DAY) } });
      if (i === 1 && n === 1) await refundConversion({ ctx, input: { externalId, amount: 2000 } });
    }
  }
  // Click rollups for the back-dated clicks (live clicks maintain their own on write).
  await db.execute(sql`
    insert into daily_rollups (workspace_id, day, campaign_id, affiliate_id, clicks)
    select workspace_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), campaign_id, affiliate_id, count(*)::int
    from clicks where workspace_id = ${workspaceId} group by 1, 2, 3, 4
    on conflict (workspace_id, day, campaign_id, affiliate_id) do update set clicks = daily_rollups.clicks + excluded.clicks`);
}

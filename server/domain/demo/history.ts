import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { affiliates, clicks } from '@/db/schema';
import { recordConversion } from '../conversions/record-conversion';
import { recordRefund } from '../conversions/refund';
import type { DemoCampaigns } from './catalog';
import type { WorkspaceCtx } from '../context';
import { defaultGroupId } from '../groups/default-group';

const DAY = 86_400_000;

type Sale = { daysAgo: number; amount: number; product?: string; currency?: string; refund?: number };
type Person = {
  name: string;
  email: string;
  ref: string;
  campaign: keyof DemoCampaigns;
  status: 'active' | 'pending';
  clicks: number;
  sales: Sale[];
  applied?: string;
  /** Clicks in a burst over the last two days from one device: what the risk model flags. */
  burst?: boolean;
};

/**
 * Who the demo program has, and what they sold. Sales older than the 30-day hold are payable once
 * approved (Ada's and Grace's wait for the newcomer to approve them); Alan's oldest were paid out
 * before (money-loop.ts); recent sales are still in their hold; Grace also sells in euros.
 */
export const PEOPLE: Person[] = [
  { name: 'Ada Lovelace', email: 'ada@example.com', ref: 'ada', campaign: 'main', status: 'active', clicks: 140,
    sales: [{ daysAgo: 55, amount: 19_900, product: 'prod_pro' }, { daysAgo: 48, amount: 19_900, product: 'prod_pro' }, { daysAgo: 41, amount: 19_900, product: 'prod_pro' }, { daysAgo: 11, amount: 4_900, product: 'prod_starter' }, { daysAgo: 2, amount: 19_900, product: 'prod_pro' }] },
  { name: 'Grace Hopper', email: 'grace@example.com', ref: 'grace', campaign: 'main', status: 'active', clicks: 95,
    sales: [{ daysAgo: 47, amount: 14_900 }, { daysAgo: 39, amount: 9_900, product: 'prod_starter' }, { daysAgo: 9, amount: 9_900, refund: 4_000 }, { daysAgo: 5, amount: 8_900, currency: 'eur' }] },
  { name: 'Alan Turing', email: 'alan@example.com', ref: 'alan', campaign: 'main', status: 'active', clicks: 70,
    sales: [{ daysAgo: 72, amount: 19_900, product: 'prod_pro' }, { daysAgo: 66, amount: 9_900 }, { daysAgo: 38, amount: 19_900, product: 'prod_pro' }, { daysAgo: 3, amount: 4_900, product: 'prod_starter' }] },
  { name: 'Katherine Johnson', email: 'katherine@example.com', ref: 'katherine', campaign: 'creators', status: 'active', clicks: 45,
    sales: [{ daysAgo: 20, amount: 29_900, product: 'prod_team' }, { daysAgo: 6, amount: 4_900 }] },
  { name: 'Sam Quick', email: 'sam@mailinator.com', ref: 'samq', campaign: 'main', status: 'active', clicks: 160, burst: true,
    sales: [{ daysAgo: 1, amount: 9_900, refund: 9_900 }, { daysAgo: 1, amount: 9_900, refund: 9_900 }, { daysAgo: 0, amount: 19_900 }] },
  { name: 'Marie Curie', email: 'marie@example.com', ref: 'marie', campaign: 'main', status: 'pending', clicks: 0, sales: [],
    applied: 'I write a weekly newsletter for 12,000 indie founders and would feature the Pro plan.' },
];

/** Back-dated clicks spread over the last 90 days, with their rollups (live clicks write their own). */
async function seedClicks(db: Db, ids: { workspaceId: string; campaignId: string; affiliateId: string }, p: Person, now: number) {
  if (p.clicks === 0) return;
  await db.insert(clicks).values(
    Array.from({ length: p.clicks }, (_, i) => ({
      ...ids, visitorKey: `demo-${p.ref}-${i}`, matchMethod: 'new' as const, matchConfidence: 1,
      ...(p.burst
        ? { fingerprint: 'fp-demo-burst', ipHash: 'demo-burst-ip', uaHash: 'demo-burst-ua', ts: new Date(now - (i % 40) * 3_600_000) }
        : // Denser lately: a program that is growing.
          { ts: new Date(now - Math.floor(90 * (i / p.clicks) ** 2) * DAY - (i % 7) * 3_600_000) }),
    })),
  );
}

/**
 * The demo's affiliates, clicks and sales. Sales go through the real engine (attribution by ref
 * code, the campaign's rule, a partial refund), so commissions, receipts and reports are what
 * production would show. Returns the affiliates by ref code.
 */
export async function seedHistory({ ctx: workspace, campaigns }: { ctx: WorkspaceCtx; campaigns: DemoCampaigns }) {
  const { db, workspaceId } = workspace;
  const ctx = { db, workspaceId };
  const now = Date.now();
  const ids: Record<string, string> = {};
  for (const p of PEOPLE) {
    const campaignId = campaigns[p.campaign];
    const [aff] = await db
      .insert(affiliates)
      .values({
        workspaceId, groupId: defaultGroupId(workspaceId), campaignId, name: p.name, email: p.email, refCode: p.ref, status: p.status,
        approvedAt: p.status === 'active' ? new Date(now - 80 * DAY) : null,
        createdAt: new Date(now - (p.applied ? 1 : 85) * DAY),
        ...(p.applied ? { appliedAt: new Date(now - DAY), applicationNote: p.applied } : {}),
      })
      .returning();
    ids[p.ref] = aff.id;
    await seedClicks(db, { workspaceId, campaignId, affiliateId: aff.id }, p, now);
    for (const [n, s] of p.sales.entries()) {
      const externalId = `demo_${p.ref}_${n}`;
      await recordConversion({
        ctx,
        input: { type: 'sale', externalId, ref: p.ref, ...(p.burst ? { fingerprint: 'fp-demo-burst' } : {}), customerId: `cus_${p.ref}_${n}`, amount: s.amount, currency: s.currency ?? 'usd', productId: s.product ?? null, ts: new Date(now - s.daysAgo * DAY) },
      });
      if (s.refund) await recordRefund({ ctx, input: { externalId, amount: s.refund } });
    }
  }
  // Click rollups for the back-dated clicks, on the day's no-currency row (clicks carry no money).
  await db.execute(sql`
    insert into daily_rollups (workspace_id, day, campaign_id, affiliate_id, clicks)
    select workspace_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), campaign_id, affiliate_id, count(*)::int
    from clicks where workspace_id = ${workspaceId} group by 1, 2, 3, 4
    on conflict (workspace_id, day, campaign_id, affiliate_id, currency) do update set clicks = daily_rollups.clicks + excluded.clicks`);
  return ids;
}

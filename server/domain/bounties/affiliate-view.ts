import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { bounties, bountySubmissions, commissions } from '@/db/schema';
import { presentBounty, presentBountySubmission, type AffiliateBountyRecord } from '../../contracts/bounty';
import type { AffiliateCtx } from '../context';
import { readSettings } from '../settings/settings';
import { bountyWindow, progressOf } from './period';
import { totalsOf } from './totals';

/** The most bounties the affiliate's view lists: the newest live ones. */
export const AFFILIATE_BOUNTIES_MAX = 50;

/**
 * GET /v1/affiliate/bounties and the portal: the workspace's live bounties, each with the
 * affiliate's progress in its current period and its own latest submissions. Every query filters
 * on the affiliate of the context.
 */
export async function ownBounties({ ctx, now = new Date() }: { ctx: AffiliateCtx; now?: Date }): Promise<AffiliateBountyRecord[]> {
  const live = await ctx.db
    .select()
    .from(bounties)
    .where(and(eq(bounties.workspaceId, ctx.workspaceId), eq(bounties.archived, false)))
    .orderBy(desc(bounties.createdAt), desc(bounties.id))
    .limit(AFFILIATE_BOUNTIES_MAX);
  if (!live.length) return [];
  const { timezone } = await readSettings(ctx);
  const ids = live.map((b) => b.id);
  const [subs, earned] = await Promise.all([
    ctx.db
      .select()
      .from(bountySubmissions)
      .where(and(eq(bountySubmissions.workspaceId, ctx.workspaceId), eq(bountySubmissions.affiliateId, ctx.affiliateId), inArray(bountySubmissions.bountyId, ids)))
      .orderBy(desc(bountySubmissions.createdAt))
      .limit(AFFILIATE_BOUNTIES_MAX * 10),
    ctx.db
      .select({ bountyId: commissions.bountyId, periodKey: commissions.periodKey })
      .from(commissions)
      .where(
        and(
          eq(commissions.workspaceId, ctx.workspaceId),
          eq(commissions.affiliateId, ctx.affiliateId),
          sql`${commissions.kind} = 'bounty'`,
          inArray(commissions.bountyId, ids),
          inArray(commissions.status, ['pending', 'approved', 'paid']),
        ),
      )
      .limit(AFFILIATE_BOUNTIES_MAX * 60),
  ]);
  const out: AffiliateBountyRecord[] = [];
  for (const b of live) {
    const window = bountyWindow(b, now, timezone);
    const paid = earned.some((e) => e.bountyId === b.id && e.periodKey === window.key);
    let total: number | null = null;
    let progress = paid ? 10_000 : 0;
    if (b.type === 'performance' && b.metric && b.target) {
      const totals = (await totalsOf(ctx.db, { workspaceId: ctx.workspaceId, affiliateIds: [ctx.affiliateId], window, currency: b.currency })).get(ctx.affiliateId)!;
      total = totals[b.metric];
      progress = paid ? 10_000 : progressOf({ metric: b.metric, target: b.target }, totals);
    }
    const { archived: _a, updated_at: _u, ...record } = presentBounty(b);
    out.push({
      ...record,
      progress: { period_key: window.key, from: window.from, to: window.to, total, progress, earned: paid },
      submissions: subs.filter((s) => s.bountyId === b.id).slice(0, 10).map(presentBountySubmission),
    });
  }
  return out;
}

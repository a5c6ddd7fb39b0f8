import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { affiliates, campaigns, clicks } from '@/db/schema';
import type { WorkspaceCtx } from '../context';
import { MAX_TOUCHES } from '../../contracts/limits';

export type Touch = {
  clickId: string;
  affiliateId: string;
  campaignId: string;
  ts: Date;
  visitorKey: string;
  model: 'last_click' | 'first_click';
  windowDays: number;
};

/**
 * Clicks matching `match` inside their campaign's cookie window before `at`, oldest first, from
 * affiliates that are still active. These are the candidates the attribution receipt lists. Never
 * reads clicks older than the workspace's longest cookie window (retention keeps those).
 */
export async function touchesWhere({ ctx, match, at }: { ctx: WorkspaceCtx; match: SQL; at: Date }): Promise<Touch[]> {
  return ctx.db
    .select({
      clickId: clicks.id,
      affiliateId: clicks.affiliateId,
      campaignId: clicks.campaignId,
      ts: clicks.ts,
      visitorKey: clicks.visitorKey,
      model: campaigns.attributionModel,
      windowDays: campaigns.cookieWindowDays,
    })
    .from(clicks)
    .innerJoin(campaigns, eq(campaigns.id, clicks.campaignId))
    .innerJoin(affiliates, and(eq(affiliates.id, clicks.affiliateId), eq(affiliates.status, 'active')))
    .where(
      and(
        eq(clicks.workspaceId, ctx.workspaceId),
        match,
        lte(clicks.ts, at),
        gt(clicks.ts, sql`${at.toISOString()}::timestamptz - make_interval(days => ${campaigns.cookieWindowDays})`),
        // The same bound by the workspace's longest window, as one value: PostgreSQL prunes the
        // monthly partitions of clicks before it (the per-campaign bound above cannot).
        gt(clicks.ts, sql`${at.toISOString()}::timestamptz - make_interval(days => (select max(w.cookie_window_days) from campaigns w where w.workspace_id = ${ctx.workspaceId}))`),
      ),
    )
    .orderBy(asc(clicks.ts))
    .limit(MAX_TOUCHES);
}

/** The touch that wins by the model of the campaign of the most recent touch. */
export function chooseTouch(touches: Touch[]): Touch | undefined {
  const last = touches[touches.length - 1];
  if (!last || last.model === 'last_click') return last;
  return touches.find((t) => t.campaignId === last.campaignId);
}

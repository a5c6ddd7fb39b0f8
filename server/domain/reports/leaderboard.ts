import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CampaignReportRow, LeaderboardRow, leaderboardSort } from '../../contracts/report';
import type { Page } from '../../lib/pagination';
import { rowsOf } from '../../lib/rows';
import type { WorkspaceCtx } from '../context';
import { reportScope, type ReportFilters } from './scope';
import { liveRollups } from '../rollups/live';

type Sort = z.infer<typeof leaderboardSort>;

// Ties break on the row's id so pages never overlap or skip.
const ORDER: Record<Sort, ReturnType<typeof sql>> = {
  revenue: sql`revenue desc, conversions desc`,
  conversions: sql`conversions desc, revenue desc`,
  commissions: sql`commissions desc, revenue desc`,
};

/** Affiliates ranked over the range: aggregate the rollups first, then join names for one page. */
export async function affiliateLeaderboard({ ctx, filters, sort, page }: { ctx: WorkspaceCtx; filters: ReportFilters; sort: Sort; page: Page }) {
  const scope = await reportScope({ ctx, f: filters });
  return rowsOf<LeaderboardRow>(ctx.db, sql`
    with t as (
      select r.affiliate_id, sum(r.clicks) as clicks, sum(r.leads + r.sales) as conversions,
             ${scope.revenue} as revenue, ${scope.commissions} as commissions
      from ${liveRollups} r where ${scope.where} group by r.affiliate_id
    )
    select t.affiliate_id, a.name, a.ref_code, t.clicks, t.conversions, t.revenue, t.commissions
    from t join affiliates a on a.id = t.affiliate_id and a.workspace_id = ${ctx.workspaceId}
    order by ${ORDER[sort]}, t.affiliate_id limit ${page.limit} offset ${page.offset}`);
}

/** Campaigns ranked over the range, the same way: GET /v1/reports/campaigns. */
export async function campaignLeaderboard({ ctx, filters, sort, page }: { ctx: WorkspaceCtx; filters: ReportFilters; sort: Sort; page: Page }) {
  const scope = await reportScope({ ctx, f: filters });
  return rowsOf<CampaignReportRow>(ctx.db, sql`
    with t as (
      select r.campaign_id, sum(r.clicks) as clicks, sum(r.leads + r.sales) as conversions,
             ${scope.revenue} as revenue, ${scope.commissions} as commissions
      from ${liveRollups} r where ${scope.where} group by r.campaign_id
    )
    select t.campaign_id, c.name, c.status, t.clicks, t.conversions, t.revenue, t.commissions
    from t join campaigns c on c.id = t.campaign_id and c.workspace_id = ${ctx.workspaceId}
    order by ${ORDER[sort]}, t.campaign_id limit ${page.limit} offset ${page.offset}`);
}

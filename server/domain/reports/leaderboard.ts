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

/**
 * Affiliates ranked over the range: aggregate the rollups first, then join names for one page,
 * then the page's recruiter tier: how many affiliates each recruited, and its second-tier earnings
 * (recruiter lines and their clawbacks, live, in the report's currency, written in the range),
 * which the rollups leave out (docs/groups-bounties-recruiters.md#recruiters-two-tier).
 */
export async function affiliateLeaderboard({ ctx, filters, sort, page }: { ctx: WorkspaceCtx; filters: ReportFilters; sort: Sort; page: Page }) {
  const scope = await reportScope({ ctx, f: filters });
  return rowsOf<LeaderboardRow>(ctx.db, sql`
    with t as (
      select r.affiliate_id, sum(r.clicks) as clicks, sum(r.leads + r.sales) as conversions,
             ${scope.revenue} as revenue, ${scope.commissions} as commissions
      from ${liveRollups} r where ${scope.where} group by r.affiliate_id
    )
    select p.*,
      (select count(*) from affiliates x where x.recruited_by = p.affiliate_id and x.workspace_id = ${ctx.workspaceId}) as recruits,
      (select coalesce(sum(c.amount), 0) from commissions c
        where c.affiliate_id = p.affiliate_id and c.workspace_id = ${ctx.workspaceId} and c.recruit_id is not null
          and c.status not in ('reversed', 'denied') and c.currency = ${scope.currency}
          and (c.created_at at time zone ${scope.timeZone})::date between ${scope.from}::date and ${scope.to}::date) as second_tier
    from (
      select t.affiliate_id, a.name, a.ref_code, t.clicks, t.conversions, t.revenue, t.commissions
      from t join affiliates a on a.id = t.affiliate_id and a.workspace_id = ${ctx.workspaceId}
      order by ${ORDER[sort]}, t.affiliate_id limit ${page.limit} offset ${page.offset}
    ) p order by ${ORDER[sort]}, p.affiliate_id`);
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

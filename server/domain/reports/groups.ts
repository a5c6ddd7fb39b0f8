import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/rows';
import type { WorkspaceCtx } from '../context';
import { listGroups } from '../groups/groups';
import { MAX_GROUPS_PER_WORKSPACE } from '../groups/write-group';
import { liveRollups } from '../rollups/live';
import { reportScope, type ReportFilters } from './scope';

export type GroupReportRow = {
  groupId: string;
  name: string;
  isDefault: boolean;
  affiliates: number;
  clicks: number;
  conversions: number;
  byCurrency: { currency: string; revenue: number; commissions: number }[];
};

/**
 * GET /v1/reports/groups (docs/groups-bounties-recruiters.md#report-per-group): per partner group,
 * its affiliates now and, over the range, their clicks, conversions, and revenue and commissions
 * per currency. Activity counts under the group the affiliate is in now (the rollups keep no
 * group), so a move carries its history along.
 */
export const MAX_GROUP_REPORT_DAYS = 3660;

export async function groupReport({ ctx, filters }: { ctx: WorkspaceCtx; filters: Omit<ReportFilters, 'currency'> }) {
  const scope = await reportScope({ ctx, f: filters, maxDays: MAX_GROUP_REPORT_DAYS });
  const [groupRows, sums] = await Promise.all([
    listGroups({ ctx, page: { limit: MAX_GROUPS_PER_WORKSPACE, offset: 0 } }),
    rowsOf<{ group_id: string; currency: string | null; clicks: unknown; conversions: unknown; revenue: unknown; commissions: unknown }>(ctx.db, sql`
      select a.group_id, r.currency, sum(r.clicks) as clicks, sum(r.leads + r.sales) as conversions,
             sum(r.revenue) as revenue, sum(r.commissions) as commissions
      from ${liveRollups} r join affiliates a on a.id = r.affiliate_id and a.workspace_id = ${ctx.workspaceId}
      where ${scope.where} group by a.group_id, r.currency`),
  ]);
  const rows = new Map<string, GroupReportRow>(
    groupRows.map((g) => [g.id, { groupId: g.id, name: g.name, isDefault: g.isDefault, affiliates: g.affiliateCount, clicks: 0, conversions: 0, byCurrency: [] }]),
  );
  for (const s of sums) {
    const row = rows.get(s.group_id);
    if (!row) continue;
    row.clicks += Number(s.clicks);
    row.conversions += Number(s.conversions);
    if (s.currency && (Number(s.revenue) !== 0 || Number(s.commissions) !== 0)) {
      row.byCurrency.push({ currency: s.currency, revenue: Number(s.revenue), commissions: Number(s.commissions) });
    }
  }
  for (const row of rows.values()) row.byCurrency.sort((a, b) => a.currency.localeCompare(b.currency));
  return { from: scope.from, to: scope.to, rows: [...rows.values()] };
}

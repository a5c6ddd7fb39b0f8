import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilters } from '../../contracts/report';
import type { WorkspaceCtx } from '../context';
import { referencedAffiliate, referencedCampaign } from '../references';
import { readSettings } from '../settings/settings';
import { resolveRange, type DayRange } from './range';

export type { ReportFilters };
export type ReportScope = DayRange & { currency: string; timeZone: string; where: SQL; revenue: SQL; commissions: SQL };

/**
 * Validates a report's filters and turns them into the day range and the WHERE clause over
 * the live rollups (daily_rollups served by daily_rollups_uq: workspace, day range, then campaign/affiliate), and
 * the aggregates of money in the report's currency.
 */
export async function reportScope({ ctx, f, maxDays }: { ctx: WorkspaceCtx; f: ReportFilters; maxDays?: number }): Promise<ReportScope> {
  const [settings] = await Promise.all([
    readSettings(ctx),
    f.campaign_id !== undefined && referencedCampaign(ctx, f.campaign_id),
    f.affiliate_id !== undefined && referencedAffiliate(ctx, f.affiliate_id),
  ]);
  const timeZone = settings.timezone;
  const range = resolveRange(f, timeZone, { maxDays });
  const parts = [sql`r.workspace_id = ${ctx.workspaceId}`, sql`r.day between ${range.from} and ${range.to}`];
  if (f.campaign_id) parts.push(sql`r.campaign_id = ${f.campaign_id}`);
  if (f.affiliate_id) parts.push(sql`r.affiliate_id = ${f.affiliate_id}`);
  // Counts add across every row; money only from the rows of the chosen currency.
  const currency = f.currency ?? settings.currency;
  const money = (column: SQL) => sql`coalesce(sum(${column}) filter (where r.currency = ${currency}), 0)`;
  return { ...range, currency, timeZone, where: sql.join(parts, sql` and `), revenue: money(sql`r.revenue`), commissions: money(sql`r.commissions`) };
}

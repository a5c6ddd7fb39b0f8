import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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
  const currency = f.currency ?? settings.currency;
  const where = scopeWhere({ workspaceId: ctx.workspaceId, from: range.from, to: range.to, campaignId: f.campaign_id, affiliateId: f.affiliate_id });
  return { ...range, currency, timeZone, where, revenue: inCurrency(sql`r.revenue`, currency), commissions: inCurrency(sql`r.commissions`, currency) };
}

type Value = string | Placeholder;

/** The rows of a report's scope over the live rollups `r` (values, or placeholders of a prepared query). */
export const scopeWhere = (v: { workspaceId: Value; from: Value; to: Value; campaignId?: Value; affiliateId?: Value }): SQL =>
  sql.join(
    [
      sql`r.workspace_id = ${v.workspaceId}`,
      sql`r.day between ${v.from} and ${v.to}`,
      ...(v.campaignId ? [sql`r.campaign_id = ${v.campaignId}`] : []),
      ...(v.affiliateId ? [sql`r.affiliate_id = ${v.affiliateId}`] : []),
    ],
    sql` and `,
  );

/** Counts add across every row; money only from the rows of the chosen currency. */
export const inCurrency = (column: SQL, currency: Value) => sql<string>`coalesce(sum(${column}) filter (where r.currency = ${currency}), 0)`;

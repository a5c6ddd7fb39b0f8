import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilters } from '../../contracts/report';
import type { WorkspaceCtx } from '../context';
import { referencedAffiliate, referencedCampaign } from '../references';
import { readSettings } from '../settings/settings';
import { resolveRange, type DayRange } from './range';

export type { ReportFilters };
export type ReportScope = DayRange & { currency: string; timeZone: string; where: SQL };

/**
 * Validates a report's filters and turns them into the day range and the WHERE clause over
 * daily_rollups (served by daily_rollups_uq: workspace, day range, then campaign/affiliate).
 */
export async function reportScope(ctx: WorkspaceCtx, f: ReportFilters): Promise<ReportScope> {
  const [settings] = await Promise.all([
    readSettings(ctx),
    f.campaign_id !== undefined && referencedCampaign(ctx, f.campaign_id),
    f.affiliate_id !== undefined && referencedAffiliate(ctx, f.affiliate_id),
  ]);
  const timeZone = settings.timezone;
  const range = resolveRange(f, timeZone);
  const parts = [sql`r.workspace_id = ${ctx.workspaceId}`, sql`r.day between ${range.from} and ${range.to}`];
  if (f.campaign_id) parts.push(sql`r.campaign_id = ${f.campaign_id}`);
  if (f.affiliate_id) parts.push(sql`r.affiliate_id = ${f.affiliate_id}`);
  return { ...range, currency: settings.currency, timeZone, where: sql.join(parts, sql` and `) };
}

import { and, eq, sql, type SQL } from 'drizzle-orm';
import { affiliates, campaigns, workspaceSettings } from '@/db/schema';
import type { ReportFilters } from '../../contracts/report';
import { unknownReference } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';
import { resolveRange, type DayRange } from './range';

export type { ReportFilters };
export type ReportScope = DayRange & { currency: string; timeZone: string; where: SQL };

async function mustExist(ctx: WorkspaceCtx, table: typeof campaigns | typeof affiliates, id: string | undefined, field: string) {
  if (id === undefined) return;
  if (!isUuid(id)) throw unknownReference(field);
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, ctx.workspaceId), eq(table.id, id)));
  if (!row) throw unknownReference(field);
}

/**
 * Validates a report's filters and turns them into the day range and the WHERE clause over
 * daily_rollups (served by daily_rollups_uq: workspace, day range, then campaign/affiliate).
 */
export async function reportScope(ctx: WorkspaceCtx, f: ReportFilters): Promise<ReportScope> {
  const [[settings]] = await Promise.all([
    ctx.db
      .select({ currency: workspaceSettings.currency, timeZone: workspaceSettings.timezone })
      .from(workspaceSettings)
      .where(eq(workspaceSettings.workspaceId, ctx.workspaceId)),
    mustExist(ctx, campaigns, f.campaign_id, 'campaign_id'),
    mustExist(ctx, affiliates, f.affiliate_id, 'affiliate_id'),
  ]);
  const timeZone = settings?.timeZone ?? 'UTC';
  const range = resolveRange(f, timeZone);
  const parts = [sql`r.workspace_id = ${ctx.workspaceId}`, sql`r.day between ${range.from} and ${range.to}`];
  if (f.campaign_id) parts.push(sql`r.campaign_id = ${f.campaign_id}`);
  if (f.affiliate_id) parts.push(sql`r.affiliate_id = ${f.affiliate_id}`);
  return { ...range, currency: settings?.currency ?? 'usd', timeZone, where: sql.join(parts, sql` and `) };
}

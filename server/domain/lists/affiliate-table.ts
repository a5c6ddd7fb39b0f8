import { and, eq, getTableColumns, notExists, sql } from 'drizzle-orm';
import { affiliates, campaigns, commissions } from '@/db/schema';
import type { Page } from '../../lib/pagination';
import type { AffiliateStatus } from '../affiliates/affiliates';
import type { WorkspaceCtx } from '../context';
import { onTestConversion } from '../commissions/read';
import { referencedCampaign } from '../references';
import { liveRollups } from '../rollups/live';
import { readSettings } from '../settings/settings';
import { matchesAny, orderBy, type SortDir } from './search';

export type AffiliateSort = 'joined' | 'name' | 'clicks' | 'conversions' | 'earnings' | 'unpaid';
export type AffiliateQuery = { q?: string; status?: AffiliateStatus; campaignId?: string; applied?: boolean; sort: AffiliateSort; dir: SortDir };

/**
 * The affiliates list as managers scan it: each with its campaign, all-time clicks and
 * conversions (live rollups), earnings (live commissions) and unpaid balance (pending and
 * approved, not yet paid), money in the program's currency only. Searchable by name, e-mail and
 * ref code; sorted on any column, server-side.
 */
export async function affiliateTable({ ctx, query, page }: { ctx: WorkspaceCtx; query: AffiliateQuery; page: Page }) {
  if (query.campaignId !== undefined) await referencedCampaign(ctx, query.campaignId);
  const { currency } = await readSettings(ctx);
  const traffic = ctx.db
    .select({
      affiliateId: sql<string>`r.affiliate_id`.as('affiliate_id'),
      clicks: sql<number>`sum(r.clicks)`.as('clicks'),
      conversions: sql<number>`sum(r.leads + r.sales)`.as('conversions'),
    })
    .from(sql`${liveRollups} r`)
    .where(sql`r.workspace_id = ${ctx.workspaceId}`)
    .groupBy(sql`r.affiliate_id`)
    .as('traffic');
  const money = ctx.db
    .select({
      affiliateId: commissions.affiliateId,
      earnings: sql<number>`sum(${commissions.amount}) filter (where ${commissions.status} not in ('reversed', 'denied'))`.as('earnings'),
      unpaid: sql<number>`sum(${commissions.amount}) filter (where ${commissions.status} in ('pending', 'approved'))`.as('unpaid'),
    })
    .from(commissions)
    .where(and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.currency, currency), eq(commissions.rewardType, 'cash'), notExists(onTestConversion(ctx))))
    .groupBy(commissions.affiliateId)
    .as('money');
  const clicks = sql<number>`coalesce(${traffic.clicks}, 0)`.mapWith(Number);
  const conversions = sql<number>`coalesce(${traffic.conversions}, 0)`.mapWith(Number);
  const earnings = sql<number>`coalesce(${money.earnings}, 0)`.mapWith(Number);
  const unpaid = sql<number>`coalesce(${money.unpaid}, 0)`.mapWith(Number);
  const name = sql`coalesce(${affiliates.name}, ${affiliates.email}, ${affiliates.refCode})`;
  const KEYS = { joined: sql`${affiliates.createdAt}`, name: sql`lower(${name})`, clicks, conversions, earnings, unpaid };
  const rows = await ctx.db
    .select({ ...getTableColumns(affiliates), campaignName: campaigns.name, clicks, conversions, earnings, unpaid })
    .from(affiliates)
    .leftJoin(campaigns, and(eq(campaigns.id, affiliates.campaignId), eq(campaigns.workspaceId, affiliates.workspaceId)))
    .leftJoin(traffic, eq(traffic.affiliateId, affiliates.id))
    .leftJoin(money, eq(money.affiliateId, affiliates.id))
    .where(
      and(
        eq(affiliates.workspaceId, ctx.workspaceId),
        query.status ? eq(affiliates.status, query.status) : undefined,
        query.campaignId ? eq(affiliates.campaignId, query.campaignId) : undefined,
        query.applied ? sql`${affiliates.appliedAt} is not null` : undefined,
        matchesAny(query.q, [affiliates.name, affiliates.email, affiliates.refCode]),
      ),
    )
    .orderBy(orderBy(KEYS[query.sort], query.dir, affiliates.id))
    .limit(page.limit)
    .offset(page.offset);
  return { currency, rows };
}

export type AffiliateTableRow = Awaited<ReturnType<typeof affiliateTable>>['rows'][number];

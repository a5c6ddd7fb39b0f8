import { and, eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import { affiliates, campaigns, commissions, conversions } from '@/db/schema';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import type { Conversion } from '../conversions/find';
import { referencedAffiliate, referencedCampaign } from '../references';
import { matchesAny, orderBy, type SortDir } from './search';

export type ConversionSort = 'when' | 'amount' | 'commission';
export type ConversionQuery = {
  q?: string;
  status?: Conversion['status'];
  type?: Conversion['type'];
  affiliateId?: string;
  campaignId?: string;
  from?: Date;
  to?: Date;
  sort: ConversionSort;
  dir: SortDir;
};

/**
 * Conversions as managers scan them: each with its affiliate's and campaign's names and what it
 * earns now (live commissions, in the commission's currency). Searchable by order id, customer
 * and affiliate; test conversions left out as GET /v1/conversions does.
 */
export async function conversionTable({ ctx, query, page }: { ctx: WorkspaceCtx; query: ConversionQuery; page: Page }) {
  if (query.affiliateId !== undefined) await referencedAffiliate(ctx, query.affiliateId);
  if (query.campaignId !== undefined) await referencedCampaign(ctx, query.campaignId);
  const earned = ctx.db
    .select({
      conversionId: commissions.conversionId,
      commission: sql<number>`sum(${commissions.amount}) filter (where ${commissions.status} not in ('reversed', 'denied'))`.as('commission'),
      commissionCurrency: sql<string>`min(${commissions.currency})`.as('commission_currency'),
    })
    .from(commissions)
    .where(eq(commissions.workspaceId, ctx.workspaceId))
    .groupBy(commissions.conversionId)
    .as('earned');
  const commission = sql<number | null>`${earned.commission}`.mapWith((v) => (v === null ? null : Number(v)));
  const KEYS = { when: sql`${conversions.ts}`, amount: sql`${conversions.amount} - ${conversions.refundedAmount}`, commission: sql`coalesce(${earned.commission}, 0)` };
  return ctx.db
    .select({
      ...getTableColumns(conversions),
      affiliateName: sql<string>`coalesce(${affiliates.name}, ${affiliates.email}, ${affiliates.refCode})`,
      campaignName: campaigns.name,
      commission,
      commissionCurrency: earned.commissionCurrency,
    })
    .from(conversions)
    .leftJoin(affiliates, and(eq(affiliates.id, conversions.affiliateId), eq(affiliates.workspaceId, conversions.workspaceId)))
    .leftJoin(campaigns, and(eq(campaigns.id, conversions.campaignId), eq(campaigns.workspaceId, conversions.workspaceId)))
    .leftJoin(earned, eq(earned.conversionId, conversions.id))
    .where(
      and(
        eq(conversions.workspaceId, ctx.workspaceId),
        eq(conversions.isTest, false),
        query.status ? eq(conversions.status, query.status) : undefined,
        query.type ? eq(conversions.type, query.type) : undefined,
        query.affiliateId ? eq(conversions.affiliateId, query.affiliateId) : undefined,
        query.campaignId ? eq(conversions.campaignId, query.campaignId) : undefined,
        query.from ? gte(conversions.ts, query.from) : undefined,
        query.to ? lt(conversions.ts, query.to) : undefined,
        matchesAny(query.q, [conversions.externalId, conversions.customerId, affiliates.name, affiliates.email, affiliates.refCode]),
      ),
    )
    .orderBy(orderBy(KEYS[query.sort], query.dir, conversions.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type ConversionTableRow = Awaited<ReturnType<typeof conversionTable>>[number];

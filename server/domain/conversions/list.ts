import { and, desc, eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import { affiliates, campaigns, commissions, conversions } from '@/db/schema';
import type { Page } from '../../lib/pagination';
import { preparedShapes } from '../../lib/prepared-query';
import type { AffiliateCtx, WorkspaceCtx } from '../context';
import { matchesAny, orderBy, type SortDir } from '../lists/search';
import { referencedAffiliate, referencedCampaign } from '../references';
import type { Conversion } from './find';

// Every list of conversions: the workspace's records (GET /v1/conversions), one affiliate's own
// (GET /v1/affiliate/conversions and the portal) and the dashboard's table. One filter and one
// scope for all three (conversionsWhere); test conversions are the merchant's own checks, left out
// unless a workspace caller asks for them.

export type ConversionFilter = {
  status?: Conversion['status'];
  type?: Conversion['type'];
  affiliateId?: string;
  campaignId?: string;
  /** Inclusive lower bound on ts. */
  from?: Date;
  /** Exclusive upper bound on ts. */
  to?: Date;
  includeTest?: boolean;
};

/** Which filters a query has; each given one is the placeholder of its name (filterValues). */
type FilterShape = { status: boolean; type: boolean; affiliateId: boolean; campaignId: boolean; from: boolean; to: boolean; hideTest: boolean };

const shapeOf = (f: ConversionFilter): FilterShape => ({
  status: !!f.status,
  type: !!f.type,
  affiliateId: !!f.affiliateId,
  campaignId: !!f.campaignId,
  from: !!f.from,
  to: !!f.to,
  hideTest: !f.includeTest,
});

// placeholders carry no column encoder: instants go as ISO text
const filterValues = (ctx: WorkspaceCtx, f: ConversionFilter) => ({
  workspaceId: ctx.workspaceId,
  status: f.status,
  type: f.type,
  affiliateId: f.affiliateId,
  campaignId: f.campaignId,
  from: f.from?.toISOString(),
  to: f.to?.toISOString(),
});

/** The workspace's conversions that pass the filter, in placeholders so a shape can be prepared. */
const conversionsWhere = (f: FilterShape) =>
  and(
    eq(conversions.workspaceId, sql.placeholder('workspaceId')),
    f.status ? eq(conversions.status, sql.placeholder('status')) : undefined,
    f.type ? eq(conversions.type, sql.placeholder('type')) : undefined,
    f.affiliateId ? eq(conversions.affiliateId, sql.placeholder('affiliateId')) : undefined,
    f.campaignId ? eq(conversions.campaignId, sql.placeholder('campaignId')) : undefined,
    f.from ? gte(conversions.ts, sql`${sql.placeholder('from')}::timestamptz`) : undefined,
    f.to ? lt(conversions.ts, sql`${sql.placeholder('to')}::timestamptz`) : undefined,
    f.hideTest ? eq(conversions.isTest, false) : undefined,
  );

/** An affiliate or campaign a workspace caller filters on must be the workspace's: unknown_resource. */
async function checkReferences(ctx: WorkspaceCtx, f: ConversionFilter) {
  if (f.affiliateId !== undefined) await referencedAffiliate(ctx, f.affiliateId);
  if (f.campaignId !== undefined) await referencedCampaign(ctx, f.campaignId);
}

// One prepared query per combination of filters given (each shape keeps its own plan).
const newestFirstShape = preparedShapes('list_conversions', (f: FilterShape, db) =>
  db
    .select()
    .from(conversions)
    .where(conversionsWhere(f))
    .orderBy(desc(conversions.ts), desc(conversions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const newestFirst = (ctx: WorkspaceCtx, filter: ConversionFilter, page: Page) =>
  newestFirstShape(shapeOf(filter))(ctx.db).execute({ ...filterValues(ctx, filter), ...page });

/** The workspace's conversions, newest first (test ones only with includeTest). */
export async function listConversions({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: ConversionFilter; page: Page }) {
  await checkReferences(ctx, filter);
  return newestFirst(ctx, filter, page);
}

/**
 * The affiliate's own conversions, newest first, never a test one. The affiliate comes from the
 * context (its key or portal session) into the WHERE clause: no other affiliate's row leaves the database.
 */
export const listOwnConversions = ({ ctx, page }: { ctx: AffiliateCtx; page: Page }) => newestFirst(ctx, { affiliateId: ctx.affiliateId }, page);

export type ConversionSort = 'when' | 'amount' | 'commission';
export type ConversionQuery = Omit<ConversionFilter, 'includeTest'> & { q?: string; sort: ConversionSort; dir: SortDir };

/**
 * Conversions as managers scan them: each with its affiliate's and campaign's names and what it
 * earns now (live commissions, in the commission's currency). Searchable by order id, customer
 * and affiliate; sorted on any column; test conversions left out.
 */
export async function conversionTable({ ctx, query, page }: { ctx: WorkspaceCtx; query: ConversionQuery; page: Page }) {
  await checkReferences(ctx, query);
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
        conversionsWhere(shapeOf(query)),
        matchesAny(query.q, [conversions.externalId, conversions.customerId, affiliates.name, affiliates.email, affiliates.refCode]),
      ),
    )
    .orderBy(orderBy(KEYS[query.sort], query.dir, conversions.id))
    .limit(page.limit)
    .offset(page.offset)
    .execute(filterValues(ctx, query));
}

export type ConversionTableRow = Awaited<ReturnType<typeof conversionTable>>[number];

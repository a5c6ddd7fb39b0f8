import { and, desc, eq, getTableColumns, inArray, notExists, sql } from 'drizzle-orm';
import { affiliates, campaigns, commissions, groups } from '@/db/schema';
import type { PresentedAffiliate } from '../../contracts/affiliate';
import { isoColumn } from '../../lib/instant';
import type { Page } from '../../lib/pagination';
import { preparedShapes } from '../../lib/prepared-query';
import { onTestConversion } from '../commissions/read';
import type { WorkspaceCtx } from '../context';
import { matchesAny, orderBy, type SortDir } from '../lists/search';
import { referencedCampaign, referencedGroup } from '../references';
import { liveRollups } from '../rollups/live';
import { readSettings } from '../settings/settings';
import { sameEmail, type AffiliateStatus } from './affiliates';

// Every list of affiliates: the workspace's records (GET /v1/affiliates) and the dashboard's
// table. One filter and one scope for both (affiliatesWhere).

export type AffiliateFilter = {
  status?: AffiliateStatus;
  campaignId?: string;
  groupId?: string;
  email?: string;
  /** Only those who applied on the join page. */
  applied?: boolean;
};

/** Which filters a query has; each given one is the placeholder of its name (filterValues). */
type FilterShape = { status: boolean; campaignId: boolean; groupId: boolean; email: boolean; applied: boolean };

const shapeOf = (f: AffiliateFilter): FilterShape => ({ status: !!f.status, campaignId: !!f.campaignId, groupId: !!f.groupId, email: !!f.email, applied: !!f.applied });

const filterValues = (ctx: WorkspaceCtx, f: AffiliateFilter) => ({ workspaceId: ctx.workspaceId, status: f.status, campaignId: f.campaignId, groupId: f.groupId, email: f.email });

/** The workspace's affiliates that pass the filter, in placeholders so a shape can be prepared. */
const affiliatesWhere = (f: FilterShape) =>
  and(
    eq(affiliates.workspaceId, sql.placeholder('workspaceId')),
    f.status ? eq(affiliates.status, sql.placeholder('status')) : undefined,
    f.campaignId ? eq(affiliates.campaignId, sql.placeholder('campaignId')) : undefined,
    f.groupId ? eq(affiliates.groupId, sql.placeholder('groupId')) : undefined,
    f.email ? sameEmail(sql.placeholder('email')) : undefined,
    f.applied ? sql`${affiliates.appliedAt} is not null` : undefined,
  );

// A campaign of another workspace answers like a missing one, as every list filter does.
const checkReferences = async (ctx: WorkspaceCtx, f: AffiliateFilter) => {
  if (f.campaignId !== undefined) await referencedCampaign(ctx, f.campaignId);
  if (f.groupId !== undefined) await referencedGroup(ctx, f.groupId);
};

// What a listed affiliate shows, and no more: the hashes stay in the database, and each column
// fetched costs every row its decoding (instants come as the ISO text the answer carries).
const { id, email, name, refCode, status, campaignId, groupId, payoutEmail, recruitedBy, recruitedAt, createdAt, approvedAt, commissionsHeldAt } = getTableColumns(affiliates);
const listed = {
  id, email, name, refCode, status, campaignId, groupId, payoutEmail, recruitedBy, recruitedAt: isoColumn(recruitedAt),
  createdAt: isoColumn(createdAt), approvedAt: isoColumn(approvedAt), commissionsHeldAt: isoColumn(commissionsHeldAt),
} satisfies Record<keyof PresentedAffiliate, unknown>;

// One prepared query per combination of filters given (each shape keeps its own index-friendly plan).
const newestFirstShape = preparedShapes('list_affiliates', (f: FilterShape, db) =>
  db
    .select(listed)
    .from(affiliates)
    .where(affiliatesWhere(f))
    .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** The workspace's affiliates, newest first. */
export async function listAffiliates({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: Omit<AffiliateFilter, 'applied'>; page: Page }) {
  await checkReferences(ctx, filter);
  return newestFirstShape(shapeOf(filter))(ctx.db).execute({ ...filterValues(ctx, filter), ...page });
}

export type AffiliateSort = 'joined' | 'name' | 'clicks' | 'conversions' | 'earnings' | 'unpaid';
export type AffiliateQuery = Omit<AffiliateFilter, 'email'> & { q?: string; sort: AffiliateSort; dir: SortDir; /** only these (the dashboard's selected rows) */ ids?: string[] };

/**
 * The affiliates list as managers scan it: each with its campaign, all-time clicks and
 * conversions (live rollups), earnings (live commissions) and unpaid balance (pending and
 * approved, not yet paid), money in the program's currency only. Searchable by name, e-mail and
 * ref code; sorted on any column, server-side.
 */
export async function affiliateTable({ ctx, query, page }: { ctx: WorkspaceCtx; query: AffiliateQuery; page: Page }) {
  await checkReferences(ctx, query);
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
    .select({ ...getTableColumns(affiliates), campaignName: campaigns.name, groupName: groups.name, clicks, conversions, earnings, unpaid })
    .from(affiliates)
    .leftJoin(campaigns, and(eq(campaigns.id, affiliates.campaignId), eq(campaigns.workspaceId, affiliates.workspaceId)))
    .leftJoin(groups, and(eq(groups.id, affiliates.groupId), eq(groups.workspaceId, affiliates.workspaceId)))
    .leftJoin(traffic, eq(traffic.affiliateId, affiliates.id))
    .leftJoin(money, eq(money.affiliateId, affiliates.id))
    .where(and(affiliatesWhere(shapeOf(query)), matchesAny(query.q, [affiliates.name, affiliates.email, affiliates.refCode]), query.ids ? inArray(affiliates.id, query.ids) : undefined))
    .orderBy(orderBy(KEYS[query.sort], query.dir, affiliates.id))
    .limit(page.limit)
    .offset(page.offset)
    .execute(filterValues(ctx, query));
  return { currency, rows };
}

export type AffiliateTableRow = Awaited<ReturnType<typeof affiliateTable>>['rows'][number];

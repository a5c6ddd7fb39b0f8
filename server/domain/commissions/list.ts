import { and, desc, eq, getTableColumns, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { affiliates, commissions, conversions } from '@/db/schema';
import type { Page } from '../../lib/pagination';
import { preparedShapes } from '../../lib/prepared-query';
import type { AffiliateCtx, WorkspaceCtx } from '../context';
import { referencedConversion } from '../conversions/read';
import { matchesAny, orderBy, type SortDir } from '../lists/search';
import { referencedAffiliate } from '../references';
import { onTestConversion, type Commission } from './read';

// Every list of commissions: the workspace's records (GET /v1/commissions), one affiliate's own
// (GET /v1/affiliate/commissions and the portal) and the dashboard's table. One filter and one
// scope for all three (commissionsWhere): commissions of test conversions follow their
// conversions out, unless a workspace caller sets includeTest or asks for one conversion by id.

export type CommissionFilter = {
  status?: Commission['status'];
  affiliateId?: string;
  conversionId?: string;
  includeTest?: boolean;
  /** now: past its hold (payable once approved); later: still in its hold. */
  payable?: 'now' | 'later';
};

/** Which filters a query has; each given one is the placeholder of its name (filterValues). */
type FilterShape = { status: boolean; affiliateId: boolean; conversionId: boolean; hideTest: boolean; payableNow: boolean; payableLater: boolean };

const shapeOf = (f: CommissionFilter): FilterShape => ({
  status: !!f.status,
  affiliateId: !!f.affiliateId,
  conversionId: !!f.conversionId,
  hideTest: !f.includeTest && f.conversionId === undefined,
  payableNow: f.payable === 'now',
  payableLater: f.payable === 'later',
});

// placeholders carry no column encoder: instants go as ISO text
const filterValues = (ctx: WorkspaceCtx, f: CommissionFilter, now?: Date) => ({
  workspaceId: ctx.workspaceId,
  status: f.status,
  affiliateId: f.affiliateId,
  conversionId: f.conversionId,
  now: now?.toISOString(),
});

/** The workspace's commissions that pass the filter, in placeholders so a shape can be prepared. */
const commissionsWhere = (f: FilterShape, db: WorkspaceCtx['db']) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return and(
    eq(commissions.workspaceId, sql.placeholder('workspaceId')),
    f.status ? eq(commissions.status, sql.placeholder('status')) : undefined,
    f.affiliateId ? eq(commissions.affiliateId, sql.placeholder('affiliateId')) : undefined,
    f.conversionId ? eq(commissions.conversionId, sql.placeholder('conversionId')) : undefined,
    f.hideTest ? notExists(onTestConversion({ db })) : undefined,
    f.payableNow ? or(isNull(commissions.holdUntil), lte(commissions.holdUntil, now)) : undefined,
    f.payableLater ? gt(commissions.holdUntil, now) : undefined,
  );
};

/** An affiliate or conversion a workspace caller filters on must be the workspace's: unknown_resource. */
async function checkReferences(ctx: WorkspaceCtx, f: CommissionFilter) {
  if (f.affiliateId !== undefined) await referencedAffiliate(ctx, f.affiliateId);
  if (f.conversionId !== undefined) await referencedConversion({ ctx, id: f.conversionId });
}

// One prepared query per combination of filters given (each shape keeps its own plan).
const newestFirstShape = preparedShapes('list_commissions', (f: FilterShape, db) =>
  db
    .select()
    .from(commissions)
    .where(commissionsWhere(f, db))
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

const newestFirst = (ctx: WorkspaceCtx, filter: Omit<CommissionFilter, 'payable'>, page: Page) =>
  newestFirstShape(shapeOf(filter))(ctx.db).execute({ ...filterValues(ctx, filter), ...page });

/** The workspace's commissions, newest first. */
export async function listCommissions({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: Omit<CommissionFilter, 'payable'>; page: Page }) {
  await checkReferences(ctx, filter);
  return newestFirst(ctx, filter, page);
}

/**
 * The affiliate's own commissions, newest first, none of a test conversion. The affiliate comes
 * from the context (its key or portal session) into the WHERE clause: no other affiliate's row
 * leaves the database.
 */
export const listOwnCommissions = ({ ctx, page }: { ctx: AffiliateCtx; page: Page }) => newestFirst(ctx, { affiliateId: ctx.affiliateId }, page);

/** When a commission can be paid: the end of its hold (a clawback, which has none, at once). */
export const payableOn = sql<Date>`coalesce(${commissions.holdUntil}, ${commissions.createdAt})`;

export type CommissionSort = 'created' | 'payable_on' | 'amount';
export type CommissionQuery = Omit<CommissionFilter, 'includeTest'> & { q?: string; sort: CommissionSort; dir: SortDir };

/**
 * Commissions as managers scan them: with the affiliate's name, the conversion's order id and
 * amount, and the day each becomes payable. Searchable by affiliate and order id.
 */
export async function commissionTable({ ctx, query, page, now = new Date() }: { ctx: WorkspaceCtx; query: CommissionQuery; page: Page; now?: Date }) {
  await checkReferences(ctx, query);
  const KEYS = { created: sql`${commissions.createdAt}`, payable_on: sql`${payableOn}`, amount: sql`${commissions.amount}` };
  return ctx.db
    .select({
      ...getTableColumns(commissions),
      payableOn: sql<Date>`${payableOn}`.mapWith((v: unknown) => new Date(v as string)),
      affiliateName: sql<string>`coalesce(${affiliates.name}, ${affiliates.email}, ${affiliates.refCode})`,
      conversionExternalId: conversions.externalId,
      conversionAmount: conversions.amount,
      conversionCurrency: conversions.currency,
      conversionStatus: conversions.status,
    })
    .from(commissions)
    .leftJoin(affiliates, and(eq(affiliates.id, commissions.affiliateId), eq(affiliates.workspaceId, commissions.workspaceId)))
    .leftJoin(conversions, and(eq(conversions.id, commissions.conversionId), eq(conversions.workspaceId, commissions.workspaceId)))
    .where(and(commissionsWhere(shapeOf(query), ctx.db), matchesAny(query.q, [affiliates.name, affiliates.email, affiliates.refCode, conversions.externalId])))
    .orderBy(orderBy(KEYS[query.sort], query.dir, commissions.id))
    .limit(page.limit)
    .offset(page.offset)
    .execute(filterValues(ctx, query, now));
}

export type CommissionTableRow = Awaited<ReturnType<typeof commissionTable>>[number];

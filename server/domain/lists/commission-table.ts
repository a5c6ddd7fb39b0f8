import { and, eq, getTableColumns, gt, lte, notExists, or, isNull, sql } from 'drizzle-orm';
import { affiliates, commissions, conversions } from '@/db/schema';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { onTestConversion, type Commission } from '../commissions/read';
import { referencedConversion } from '../conversions/read';
import { referencedAffiliate } from '../references';
import { matchesAny, orderBy, type SortDir } from './search';

export type CommissionSort = 'created' | 'payable_on' | 'amount';
export type CommissionQuery = {
  q?: string;
  status?: Commission['status'];
  affiliateId?: string;
  conversionId?: string;
  /** now: past its hold (payable once approved); later: still in its hold. */
  payable?: 'now' | 'later';
  sort: CommissionSort;
  dir: SortDir;
};

/** When a commission can be paid: the end of its hold (a clawback, which has none, at once). */
export const payableOn = sql<Date>`coalesce(${commissions.holdUntil}, ${commissions.createdAt})`;

/**
 * Commissions as managers scan them: with the affiliate's name, the conversion's order id and
 * amount, and the day each becomes payable. Searchable by affiliate and order id.
 */
export async function commissionTable({ ctx, query, page, now = new Date() }: { ctx: WorkspaceCtx; query: CommissionQuery; page: Page; now?: Date }) {
  if (query.affiliateId !== undefined) await referencedAffiliate(ctx, query.affiliateId);
  if (query.conversionId !== undefined) await referencedConversion({ ctx, id: query.conversionId });
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
    .where(
      and(
        eq(commissions.workspaceId, ctx.workspaceId),
        query.status ? eq(commissions.status, query.status) : undefined,
        query.affiliateId ? eq(commissions.affiliateId, query.affiliateId) : undefined,
        query.conversionId ? eq(commissions.conversionId, query.conversionId) : undefined,
        query.conversionId ? undefined : notExists(onTestConversion(ctx)),
        query.payable === 'now' ? or(isNull(commissions.holdUntil), lte(commissions.holdUntil, now)) : undefined,
        query.payable === 'later' ? gt(commissions.holdUntil, now) : undefined,
        matchesAny(query.q, [affiliates.name, affiliates.email, affiliates.refCode, conversions.externalId]),
      ),
    )
    .orderBy(orderBy(KEYS[query.sort], query.dir, commissions.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type CommissionTableRow = Awaited<ReturnType<typeof commissionTable>>[number];

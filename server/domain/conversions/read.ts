import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { notFound, unknownReference } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import type { Conversion } from './find';
import { referencedAffiliate, referencedCampaign } from '../references';
import { loadRecord } from '../records';
import { preparedShapes } from '../../lib/prepared-query';

export type ConversionFilter = {
  status?: Conversion['status'];
  affiliateId?: string;
  campaignId?: string;
  /** Inclusive lower bound on ts. */
  from?: Date;
  /** Exclusive upper bound on ts. */
  to?: Date;
  includeTest?: boolean;
};

/** The workspace's conversion (test ones too), or link_not_found (also for another workspace's id). */
export async function getConversion({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Conversion> {
  return loadRecord(ctx, conversions, id, () => notFound('conversion'));
}

/** A conversion named in a query or body: unknown_resource when it is not the workspace's. */
export async function referencedConversion({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Conversion> {
  return loadRecord(ctx, conversions, id, () => unknownReference('conversion_id'));
}

// One prepared query per combination of filters given (each shape keeps its own plan).
const listShape = preparedShapes('list_conversions', (f: { status: boolean; affiliateId: boolean; campaignId: boolean; from: boolean; to: boolean; hideTest: boolean }, db) =>
  db
    .select()
    .from(conversions)
    .where(
      and(
        eq(conversions.workspaceId, sql.placeholder('workspaceId')),
        f.status ? eq(conversions.status, sql.placeholder('status')) : undefined,
        f.affiliateId ? eq(conversions.affiliateId, sql.placeholder('affiliateId')) : undefined,
        f.campaignId ? eq(conversions.campaignId, sql.placeholder('campaignId')) : undefined,
        f.from ? gte(conversions.ts, sql`${sql.placeholder('from')}::timestamptz`) : undefined,
        f.to ? lt(conversions.ts, sql`${sql.placeholder('to')}::timestamptz`) : undefined,
        f.hideTest ? eq(conversions.isTest, false) : undefined,
      ),
    )
    .orderBy(desc(conversions.ts), desc(conversions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

/** Newest first. Test conversions are the merchant's own checks: left out unless asked for. */
export async function listConversions({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: ConversionFilter; page: Page }) {
  if (filter.affiliateId !== undefined) await referencedAffiliate(ctx, filter.affiliateId);
  if (filter.campaignId !== undefined) await referencedCampaign(ctx, filter.campaignId);
  const { status, affiliateId, campaignId, from, to } = filter;
  const shape = listShape({ status: !!status, affiliateId: !!affiliateId, campaignId: !!campaignId, from: !!from, to: !!to, hideTest: !filter.includeTest });
  // placeholders carry no column encoder: instants go as ISO text
  return shape(ctx.db).execute({ workspaceId: ctx.workspaceId, status, affiliateId, campaignId, from: from?.toISOString(), to: to?.toISOString(), ...page });
}

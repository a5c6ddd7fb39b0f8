import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { notFound, unknownReference } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import type { Conversion } from './find';
import { referencedAffiliate, referencedCampaign } from '../references';

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
  if (!isUuid(id)) throw notFound('conversion');
  const [row] = await ctx.db
    .select()
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.id, id)));
  if (!row) throw notFound('conversion');
  return row;
}

/** A conversion named in a query or body: unknown_resource when it is not the workspace's. */
export async function referencedConversion(ctx: WorkspaceCtx, id: string): Promise<Conversion> {
  if (!isUuid(id)) throw unknownReference('conversion_id');
  const [row] = await ctx.db
    .select()
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.id, id)));
  if (!row) throw unknownReference('conversion_id');
  return row;
}

/** Newest first. Test conversions are the merchant's own checks: left out unless asked for. */
export async function listConversions({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: ConversionFilter; page: Page }) {
  if (filter.affiliateId !== undefined) await referencedAffiliate(ctx, filter.affiliateId);
  if (filter.campaignId !== undefined) await referencedCampaign(ctx, filter.campaignId);
  return ctx.db
    .select()
    .from(conversions)
    .where(
      and(
        eq(conversions.workspaceId, ctx.workspaceId),
        filter.status ? eq(conversions.status, filter.status) : undefined,
        filter.affiliateId ? eq(conversions.affiliateId, filter.affiliateId) : undefined,
        filter.campaignId ? eq(conversions.campaignId, filter.campaignId) : undefined,
        filter.from ? gte(conversions.ts, filter.from) : undefined,
        filter.to ? lt(conversions.ts, filter.to) : undefined,
        filter.includeTest ? undefined : eq(conversions.isTest, false),
      ),
    )
    .orderBy(desc(conversions.ts), desc(conversions.id))
    .limit(page.limit)
    .offset(page.offset);
}

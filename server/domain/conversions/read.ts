import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { conversions } from '@/db/schema';
import { notFound, unknownReference } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import type { Conversion } from './find';
import { referencedAffiliate, referencedCampaign } from '../references';
import { loadRecord } from '../records';

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

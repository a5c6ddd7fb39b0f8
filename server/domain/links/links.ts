import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { affiliates, links } from '@/db/schema';
import type { LinkWithCode } from '../../contracts/link';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { referencedAffiliate, referencedCampaign } from '../references';

export type LinkFilters = { affiliateId?: string; campaignId?: string };

/**
 * The workspace's links, newest first, each with its affiliate's ref code (the referral URL needs
 * it). Filters go into the WHERE clause: the affiliate portal passes its own affiliate id here.
 */
export async function findLinks({ ctx, filters, page }: { ctx: WorkspaceCtx; filters: LinkFilters; page: Page }): Promise<LinkWithCode[]> {
  return ctx.db
    .select({ ...getTableColumns(links), refCode: affiliates.refCode })
    .from(links)
    .innerJoin(affiliates, and(eq(affiliates.id, links.affiliateId), eq(affiliates.workspaceId, links.workspaceId)))
    .where(
      and(
        eq(links.workspaceId, ctx.workspaceId),
        filters.affiliateId ? eq(links.affiliateId, filters.affiliateId) : undefined,
        filters.campaignId ? eq(links.campaignId, filters.campaignId) : undefined,
      ),
    )
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** GET /v1/links: a filter naming a record outside the workspace is unknown_resource, not an empty page. */
export async function listLinks({ ctx, filters, page }: { ctx: WorkspaceCtx; filters: LinkFilters; page: Page }) {
  if (filters.affiliateId) await referencedAffiliate(ctx, filters.affiliateId);
  if (filters.campaignId) await referencedCampaign(ctx, filters.campaignId);
  return findLinks({ ctx, filters, page });
}

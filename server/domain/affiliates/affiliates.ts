import { and, desc, eq, sql } from 'drizzle-orm';
import { affiliates } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { referencedCampaign } from '../references';
import { loadRecord } from '../records';

export type Affiliate = typeof affiliates.$inferSelect;
export type AffiliateStatus = Affiliate['status'];
export type AffiliateFilter = { status?: AffiliateStatus; campaignId?: string; email?: string };

/** The workspace's affiliate, or link_not_found (also for another workspace's id). */
export async function getAffiliate({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Affiliate> {
  return loadRecord(ctx, affiliates, id, () => notFound('affiliate'));
}

// Matches the expression of affiliates_workspace_email_uq, so the lookup uses that index.
const sameEmail = (email: string) => sql`lower(${affiliates.email}) = lower(${email})`;

export async function findAffiliateByEmail({ ctx, email }: { ctx: WorkspaceCtx; email: string }): Promise<Affiliate | undefined> {
  const [row] = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), sameEmail(email)));
  return row;
}

export async function listAffiliates({ ctx, filter, page }: { ctx: WorkspaceCtx; filter: AffiliateFilter; page: Page }) {
  // A campaign of another workspace answers like a missing one, as every list filter does.
  if (filter.campaignId !== undefined) await referencedCampaign(ctx, filter.campaignId);
  return ctx.db
    .select()
    .from(affiliates)
    .where(
      and(
        eq(affiliates.workspaceId, ctx.workspaceId),
        filter.status ? eq(affiliates.status, filter.status) : undefined,
        filter.campaignId ? eq(affiliates.campaignId, filter.campaignId) : undefined,
        filter.email ? sameEmail(filter.email) : undefined,
      ),
    )
    .orderBy(desc(affiliates.createdAt), desc(affiliates.id))
    .limit(page.limit)
    .offset(page.offset);
}

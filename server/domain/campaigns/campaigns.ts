import { and, asc, desc, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import { notFound } from '../../errors/errors';
import type { Page } from '../../lib/pagination';
import type { WorkspaceCtx } from '../context';
import { loadRecord } from '../records';

export type Campaign = typeof campaigns.$inferSelect;
export type CampaignStatus = Campaign['status'];

/** The workspace's campaign, or link_not_found (also for another workspace's id). */
export async function getCampaign({ ctx, id }: { ctx: WorkspaceCtx; id: string }): Promise<Campaign> {
  return loadRecord(ctx, campaigns, id, () => notFound('campaign'));
}

export async function listCampaigns({ ctx, status, page }: { ctx: WorkspaceCtx; status?: CampaignStatus; page: Page }) {
  return ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ctx.workspaceId), status ? eq(campaigns.status, status) : undefined))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** New affiliates join the workspace's oldest active campaign unless told otherwise. */
export async function defaultCampaign(ctx: WorkspaceCtx): Promise<Campaign | undefined> {
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.status, 'active')))
    .orderBy(asc(campaigns.createdAt))
    .limit(1);
  return row;
}

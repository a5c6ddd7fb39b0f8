import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

const DEFAULT_ALIAS = 'd';
const d = alias(campaigns, DEFAULT_ALIAS);
const DEFAULT_CAMPAIGN_STATUS = sql.raw(`'${'active' satisfies CampaignStatus}'`);
/**
 * The id of the workspace's default campaign, its oldest active one
 * (docs/affiliates.md#campaign-and-links), as a scalar subquery: the rule's one statement.
 * defaultCampaign reads it; the click statement (server/store/click-write.ts) embeds it for
 * affiliates without a campaign, `workspaceId` then being its input's column, so that statement's
 * text stays fixed.
 */
export const defaultCampaignId = (workspaceId: SQL | string) =>
  sql`(select ${d.id} from ${campaigns} ${sql.identifier(DEFAULT_ALIAS)} where ${d.workspaceId} = ${workspaceId} and ${d.status} = ${DEFAULT_CAMPAIGN_STATUS} order by ${d.createdAt} limit 1)`;

/** New affiliates join the workspace's oldest active campaign unless told otherwise. */
export async function defaultCampaign(ctx: WorkspaceCtx): Promise<Campaign | undefined> {
  const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, defaultCampaignId(ctx.workspaceId)));
  return row;
}

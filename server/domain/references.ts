import { and, eq } from 'drizzle-orm';
import { affiliates, campaigns } from '@/db/schema';
import { unknownReference } from '../errors/errors';
import { isUuid } from '../lib/ids';
import type { WorkspaceCtx } from './context';

// Records named in a body or query: missing, malformed or another workspace's all answer
// unknown_resource, so ids of other tenants cannot be probed.

export async function referencedAffiliate(ctx: WorkspaceCtx, id: string) {
  if (!isUuid(id)) throw unknownReference('affiliate_id');
  const [row] = await ctx.db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.id, id)));
  if (!row) throw unknownReference('affiliate_id');
  return row;
}

export async function referencedCampaign(ctx: WorkspaceCtx, id: string) {
  if (!isUuid(id)) throw unknownReference('campaign_id');
  const [row] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.id, id)));
  if (!row) throw unknownReference('campaign_id');
  return row;
}

import { defaultCampaign } from '../campaigns/campaigns';
import type { WorkspaceCtx } from '../context';
import { referencedCampaign } from '../references';

/** The campaign a new affiliate joins: the one asked for, else the oldest active one, else none. */
export async function campaignForNewAffiliate({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string | undefined }): Promise<string | null> {
  if (campaignId !== undefined) return (await referencedCampaign(ctx, campaignId)).id;
  return (await defaultCampaign(ctx))?.id ?? null;
}

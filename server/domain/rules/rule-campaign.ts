import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import { presentCampaign } from '../../contracts/campaign';
import { notFound } from '../../errors/errors';
import type { Campaign } from '../campaigns/campaigns';
import { emitEvent } from '../events/emit-event';
import { wellFormedId } from '../records';
import type { WorkspaceCtx } from '../context';

/**
 * A rule change is a change of its campaign: the campaign row is locked (so one campaign's rule
 * changes apply one after the other), its updated_at moves, and campaign.updated is recorded in
 * the same transaction.
 */
export async function changeRulesOf({ ctx, campaignId }: { ctx: WorkspaceCtx; campaignId: string }): Promise<Campaign> {
  const { db: tx, workspaceId } = ctx;
  wellFormedId(campaignId, () => notFound('campaign'));
  const [campaign] = await tx
    .update(campaigns)
    .set({ updatedAt: new Date() })
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId)))
    .returning();
  if (!campaign) throw notFound('campaign');
  await emitEvent({ ctx: { db: tx, workspaceId }, type: 'campaign.updated', object: 'campaign', record: presentCampaign(campaign) });
  return campaign;
}

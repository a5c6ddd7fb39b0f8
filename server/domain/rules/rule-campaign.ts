import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { campaigns } from '@/db/schema';
import { presentCampaign } from '../../contracts/campaign';
import { notFound } from '../../errors/errors';
import type { Campaign } from '../campaigns/campaigns';
import { recordEvent } from '../events/record-event';
import { recordId } from '../records';

/**
 * A rule change is a change of its campaign: the campaign row is locked (so one campaign's rule
 * changes apply one after the other), its updated_at moves, and campaign.updated is recorded in
 * the same transaction.
 */
export async function changeRulesOf(tx: Tx, workspaceId: string, campaignId: string): Promise<Campaign> {
  recordId(campaignId, () => notFound('campaign'));
  const [campaign] = await tx
    .update(campaigns)
    .set({ updatedAt: new Date() })
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId)))
    .returning();
  if (!campaign) throw notFound('campaign');
  await recordEvent(tx, workspaceId, 'campaign.updated', 'campaign', presentCampaign(campaign));
  return campaign;
}

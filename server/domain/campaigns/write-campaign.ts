import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import { presentCampaign } from '../../contracts/campaign';
import { notFound } from '../../errors/errors';
import { isUuid } from '../../lib/ids';
import type { WorkspaceCtx } from '../context';
import { recordEvent } from '../events/record-event';
import type { Campaign, CampaignStatus } from './campaigns';

type CampaignFields = Pick<
  typeof campaigns.$inferInsert,
  'name' | 'status' | 'cookieWindowDays' | 'attributionModel' | 'destinationUrl' | 'additionalReferralLinks' | 'refParam'
>;
export type NewCampaign = Pick<CampaignFields, 'name'> & Partial<CampaignFields>;
export type CampaignPatch = Partial<Omit<CampaignFields, 'status' | 'attributionModel'>>;

export async function createCampaign({ ctx, input }: { ctx: WorkspaceCtx; input: NewCampaign }): Promise<Campaign> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(campaigns).values({ ...input, workspaceId: ctx.workspaceId }).returning();
    await recordEvent(tx, ctx.workspaceId, 'campaign.created', 'campaign', presentCampaign(row));
    return row;
  });
}

async function changeCampaign(ctx: WorkspaceCtx, id: string, set: Partial<CampaignFields>): Promise<Campaign> {
  if (!isUuid(id)) throw notFound('campaign');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.id, id)))
      .returning();
    if (!row) throw notFound('campaign');
    await recordEvent(tx, ctx.workspaceId, 'campaign.updated', 'campaign', presentCampaign(row));
    return row;
  });
}

export const updateCampaign = ({ ctx, id, patch }: { ctx: WorkspaceCtx; id: string; patch: CampaignPatch }) =>
  changeCampaign(ctx, id, patch);

export const setCampaignStatus = ({ ctx, id, status }: { ctx: WorkspaceCtx; id: string; status: CampaignStatus }) =>
  changeCampaign(ctx, id, { status });

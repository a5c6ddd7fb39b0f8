import { campaigns } from '@/db/schema';
import { presentCampaign } from '../../contracts/campaign';
import { notFound } from '../../errors/errors';
import { addAuditEntry, addAuditEntryIfChanged } from '../audit/audit-entries';
import type { ActingCtx } from '../context';
import { generateCodesIn } from '../codes/lifecycle';
import { emitEvent } from '../events/emit-event';
import type { Campaign, CampaignStatus } from './campaigns';
import { loadRecord, ownRecord, wellFormedId } from '../records';
import { codesFollowCampaign } from '../../integrations/codes/due';

// What the providers' copies of the campaign's codes depend on (its status: it may be the default).
const codeTerms = (c: Campaign) => [c.status, c.discountType, c.discountAmount, c.discountCurrency, c.discountDuration, c.discountMonths].join('|');

type CampaignFields = Pick<
  typeof campaigns.$inferInsert,
  | 'name' | 'status' | 'cookieWindowDays' | 'attributionModel' | 'destinationUrl' | 'additionalReferralLinks' | 'refParam'
  | 'discountType' | 'discountAmount' | 'discountCurrency' | 'discountDuration' | 'discountMonths'
  | 'codePrecedence' | 'commissionExcludesTax' | 'commissionExcludesFees'
>;
/** How many affiliates get their generated code in the write that first sets a campaign's discount. */
const CODES_WITH_DISCOUNT = 200;

export type NewCampaign = Pick<CampaignFields, 'name'> & Partial<CampaignFields>;
export type CampaignPatch = Partial<Omit<CampaignFields, 'status' | 'attributionModel'>>;

export async function createCampaign({ ctx, input }: { ctx: ActingCtx; input: NewCampaign }): Promise<Campaign> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(campaigns).values({ ...input, workspaceId: ctx.workspaceId }).returning();
    await emitEvent({ ctx: { ...ctx, db: tx }, type: 'campaign.created', object: 'campaign', record: presentCampaign(row) });
    await addAuditEntry(tx, ctx, 'campaign.created', { type: 'campaign', id: row.id }, { after: presentCampaign(row) });
    return row;
  });
}

async function changeCampaign(ctx: ActingCtx, id: string, set: Partial<CampaignFields>): Promise<Campaign> {
  wellFormedId(id, () => notFound('campaign'));
  return ctx.db.transaction(async (tx) => {
    const where = ownRecord(ctx, campaigns, id);
    const before = await loadRecord({ db: tx, workspaceId: ctx.workspaceId }, campaigns, id, () => notFound('campaign'), { lock: true });
    const [row] = await tx
      .update(campaigns)
      .set({ ...set, updatedAt: new Date() })
      .where(where)
      .returning();
    // A discount set where there was none: the first affiliates get their codes with it, the rest
    // by the sync job's sweep (generateMissingCodes), so this write stays bounded.
    if (!before.discountType && row.discountType) await generateCodesIn(tx, { ...ctx, db: tx }, { limit: CODES_WITH_DISCOUNT, campaignId: id });
    if (codeTerms(before) !== codeTerms(row)) await codesFollowCampaign(tx, ctx.workspaceId, id);
    await emitEvent({ ctx: { ...ctx, db: tx }, type: 'campaign.updated', object: 'campaign', record: presentCampaign(row) });
    await addAuditEntryIfChanged(tx, ctx, 'campaign.updated', { type: 'campaign', id }, presentCampaign(before), presentCampaign(row));
    return row;
  });
}

export const updateCampaign = ({ ctx, id, patch }: { ctx: ActingCtx; id: string; patch: CampaignPatch }) =>
  changeCampaign(ctx, id, patch);

export const setCampaignStatus = ({ ctx, id, status }: { ctx: ActingCtx; id: string; status: CampaignStatus }) =>
  changeCampaign(ctx, id, { status });

/** POST /v1/campaigns/{id}/attribution-model: which click wins from now on (past conversions keep theirs). */
export const setAttributionModel = ({ ctx, id, model }: { ctx: ActingCtx; id: string; model: Campaign['attributionModel'] }) =>
  changeCampaign(ctx, id, { attributionModel: model });

import { and, eq } from 'drizzle-orm';
import { commissions, webhookEvents } from '@/db/schema';
import type { TestApi } from './api';
import { seedAffiliate, seedCampaign, seedCommission, seedConversion } from './seed';

// Seeding for the commission and payout suites: a workspace with a campaign, and an affiliate
// with a conversion per commission (one earning per conversion and affiliate).

export async function moneyWorkspace(api: TestApi, scopes: string[] = ['read', 'write']) {
  const ws = await api.workspace(scopes);
  const campaign = await seedCampaign(api.db, ws.id);
  return { ...ws, campaignId: campaign.id };
}

type Ws = Awaited<ReturnType<typeof moneyWorkspace>>;
type Over = Parameters<typeof seedCommission>[2];

export async function moneyAffiliate(api: TestApi, ws: Ws, over: Parameters<typeof seedAffiliate>[2] = {}) {
  const affiliate = await seedAffiliate(api.db, ws.id, { campaignId: ws.campaignId, ...over });
  const o = { workspaceId: ws.id, affiliateId: affiliate.id, campaignId: ws.campaignId };
  /** A new conversion of this affiliate and one commission on it. */
  const earn = async (over: Over = {}, conversion: Parameters<typeof seedConversion>[2] = {}) => {
    const conv = await seedConversion(api.db, o, conversion);
    return seedCommission(api.db, { workspaceId: ws.id, affiliateId: affiliate.id, conversionId: conv.id }, over);
  };
  /** The negative counterpart of a paid commission whose conversion was reversed. */
  const clawback = async (paid: { id: string; conversionId: string | null; amount: number }, over: Over = {}) =>
    seedCommission(
      api.db,
      { workspaceId: ws.id, affiliateId: affiliate.id, conversionId: paid.conversionId },
      { kind: 'clawback', amount: -paid.amount, status: 'approved', reversesCommissionId: paid.id, ...over },
    );
  return { affiliate, earn, clawback };
}

export async function commissionRow(api: TestApi, id: string) {
  const [row] = await api.db.select().from(commissions).where(eq(commissions.id, id));
  return row;
}

export async function eventsOf(api: TestApi, workspaceId: string, type: string) {
  return api.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.workspaceId, workspaceId), eq(webhookEvents.type, type)))
    .orderBy(webhookEvents.createdAt, webhookEvents.id);
}

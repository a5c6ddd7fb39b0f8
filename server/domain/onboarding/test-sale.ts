import { and, asc, count, eq, sql } from 'drizzle-orm';
import { affiliates, campaigns, commissions, conversions } from '@/db/schema';
import { invalidState } from '../../errors/errors';
import { newId } from '../../lib/ids';
import { minorDigits } from '../../model/money';
import { addAuditEntry } from '../audit/audit-entries';
import { defaultCampaign, defaultCampaignId } from '../campaigns/campaigns';
import type { ActingCtx } from '../context';
import { recordConversion } from '../conversions/record-conversion';
import { readSettings } from '../settings/settings';
import { recordClick } from '../tracking/record-click';

// The overview's "Send a test click and sale" (docs/dashboard.md#onboarding): a click and a sale
// recorded by the same use cases /v1/track/click and /v1/track/sale run, so a manager sees the
// whole path work before a real visitor arrives. The sale is sent as `is_test`, so nothing is
// owed: it is attributed and explained (the receipt says what it would have earned, reason
// test_conversion), writes no commission, and stays out of reports, payouts and the portal.

/** The test click's url: how the checklist tells it from tracked clicks (it still counts as a click in reports). */
export const TEST_CLICK_URL = 'refcount:onboarding-test';
/** The audit action of a test run; its target is the workspace, which the checklist looks up. */
export const TEST_SALE_ACTION = 'onboarding.test_sale_sent';
/** Test sales' external ids start with this, so they are told apart in the conversions list. */
export const TEST_SALE_EXTERNAL_PREFIX = 'onboarding_test_';
/** The test sale is 100 of the workspace's currency. */
const TEST_SALE_MAJOR_UNITS = 100;

export type TestSaleResult = {
  clickId: string | null;
  visitorId: string;
  conversionId: string;
  affiliate: { id: string; label: string };
  campaign: { id: string; name: string };
  amount: number;
  currency: string;
  /** What the commission rules gave the sale (not owed: a test conversion earns nothing). */
  commission: { amount: number; currency: string | null; reason: string; rule: string | null };
  /** Commissions written for the sale: always 0. */
  commissionsCreated: number;
};

type Receipt = { amount?: number; currency?: string | null; reason?: string; rule?: { name: string } | null } | null;

/** The affiliate a test credits: the oldest active one whose campaign (its own or the default) is active. */
async function testAffiliate(ctx: ActingCtx) {
  const [row] = await ctx.db
    .select({ id: affiliates.id, refCode: affiliates.refCode, name: affiliates.name, email: affiliates.email, campaignId: campaigns.id, campaignName: campaigns.name })
    .from(affiliates)
    .innerJoin(campaigns, and(eq(campaigns.workspaceId, affiliates.workspaceId), eq(campaigns.id, sql`coalesce(${affiliates.campaignId}, ${defaultCampaignId(ctx.workspaceId)})`)))
    .where(and(eq(affiliates.workspaceId, ctx.workspaceId), eq(affiliates.status, 'active'), eq(campaigns.status, 'active')))
    .orderBy(asc(affiliates.createdAt), asc(affiliates.id))
    .limit(1);
  return row;
}

/**
 * Records a test click for the workspace's oldest active affiliate, then a test sale by the
 * visitor that click identified, and answers what happened. Without an active campaign, or an
 * active affiliate in one: invalid_state, nothing written. The click and the sale are each
 * written by their use case's own statement (not one transaction): a failure between them
 * leaves one test click, which owes nothing. The run is audited with what it recorded.
 */
export async function sendTestSale({ ctx }: { ctx: ActingCtx }): Promise<TestSaleResult> {
  if (!(await defaultCampaign(ctx))) throw invalidState('no active campaign: create a campaign first');
  const aff = await testAffiliate(ctx);
  if (!aff) throw invalidState('no active affiliate in an active campaign: add or approve an affiliate first');

  const click = await recordClick({ ctx, input: { ref: aff.refCode, url: TEST_CLICK_URL, userAgent: 'Refcount onboarding test' } });
  if (!click.ok || !click.visitorId) throw invalidState('the test click was not recorded: the affiliate or its campaign is no longer active');

  const { currency } = await readSettings(ctx);
  const amount = TEST_SALE_MAJOR_UNITS * 10 ** minorDigits(currency);
  const sale = await recordConversion({
    ctx,
    input: { type: 'sale', externalId: `${TEST_SALE_EXTERNAL_PREFIX}${newId()}`, visitorId: click.visitorId, amount, currency, isTest: true },
  });
  if (!sale.attributed) throw invalidState('the test sale was not attributed to the test click');

  const [conv] = await ctx.db
    .select({ clickId: conversions.clickId, affiliateId: conversions.affiliateId, attribution: conversions.attribution })
    .from(conversions)
    .where(and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.id, sale.conversion_id)));
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(commissions)
    .where(and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.conversionId, sale.conversion_id)));
  const receipt = conv.attribution as Receipt;
  const result: TestSaleResult = {
    clickId: conv.clickId,
    visitorId: click.visitorId,
    conversionId: sale.conversion_id,
    affiliate: { id: conv.affiliateId, label: conv.affiliateId === aff.id ? (aff.name ?? aff.email ?? aff.refCode) : conv.affiliateId },
    campaign: { id: aff.campaignId, name: aff.campaignName },
    amount,
    currency,
    commission: { amount: receipt?.amount ?? 0, currency: receipt?.currency ?? null, reason: receipt?.reason ?? 'no_commission_for_this_conversion', rule: receipt?.rule?.name ?? null },
    commissionsCreated: n,
  };
  await addAuditEntry(ctx.db, ctx, TEST_SALE_ACTION, { type: 'workspace', id: ctx.workspaceId }, {
    after: { click_id: result.clickId, conversion_id: result.conversionId, affiliate_id: result.affiliate.id, amount, currency, commission_amount: result.commission.amount },
  });
  return result;
}

import { and, count, eq } from 'drizzle-orm';
import { campaigns, links } from '@/db/schema';
import { referralUrl } from '../../contracts/link';
import { invalid, invalidState } from '../../errors/errors';
import type { Affiliate } from '../affiliates/affiliates';
import { defaultCampaign, type Campaign } from '../campaigns/campaigns';
import type { ActingCtx, WorkspaceCtx } from '../context';
import { createLink } from './create-link';
import { findLinks } from './links';

/** An affiliate keeps at most this many links of its own (the portal's create button stops there). */
export const MAX_LINKS_PER_AFFILIATE = 100;

/**
 * What an affiliate shares: its default link (its campaign's landing page with ?ref=code), which
 * exists whether or not a link row was ever created, the campaign's landing pages to make more
 * from, and the links made so far.
 */
export async function linkKit({ ctx, affiliate }: { ctx: WorkspaceCtx; affiliate: Affiliate }) {
  const campaign = await campaignOf(ctx, affiliate);
  const own = await findLinks({ ctx, filters: { affiliateId: affiliate.id }, page: { limit: MAX_LINKS_PER_AFFILIATE, offset: 0 } });
  return {
    refCode: affiliate.refCode,
    campaign,
    defaultUrl: campaign ? referralUrl(campaign.destinationUrl, campaign.refParam, affiliate.refCode) : null,
    landingPages: campaign ? landingPages(campaign) : [],
    links: own,
  };
}

async function campaignOf(ctx: WorkspaceCtx, affiliate: Affiliate): Promise<Campaign | null> {
  if (affiliate.campaignId) {
    const [own] = await ctx.db.select().from(campaigns).where(and(eq(campaigns.workspaceId, ctx.workspaceId), eq(campaigns.id, affiliate.campaignId)));
    if (own) return own;
  }
  return (await defaultCampaign(ctx)) ?? null;
}

const landingPages = (c: Campaign) => [...new Set([c.destinationUrl, ...c.additionalReferralLinks].filter((u): u is string => !!u))];

/**
 * A link the affiliate makes itself: one of its campaign's landing pages (the default one when
 * none is named), with an optional sub-id. Nothing else: an affiliate cannot point the program's
 * links at a page the program does not list.
 */
export async function createOwnLink({ ctx, affiliate, input }: { ctx: ActingCtx; affiliate: Affiliate; input: { landingPage?: string; subId?: string } }) {
  const campaign = await campaignOf(ctx, affiliate);
  const pages = campaign ? landingPages(campaign) : [];
  if (!campaign || pages.length === 0) throw invalidState('the program has no landing page yet: ask the program manager to set one');
  const page = input.landingPage ?? pages[0];
  if (!pages.includes(page)) throw invalid('landing_page', "choose one of the program's landing pages");
  const [{ n }] = await ctx.db.select({ n: count() }).from(links).where(and(eq(links.workspaceId, ctx.workspaceId), eq(links.affiliateId, affiliate.id)));
  if (n >= MAX_LINKS_PER_AFFILIATE) throw invalidState(`you have ${MAX_LINKS_PER_AFFILIATE} links, the most one affiliate keeps`);
  return createLink({ ctx, input: { affiliateId: affiliate.id, campaignId: campaign.id, destinationUrl: page, subId: input.subId } });
}

import { and, desc, eq, notExists } from 'drizzle-orm';
import { clicks, commissions, conversions } from '@/db/schema';
import type { AffiliateClickRow } from '../../contracts/affiliate-view';
import type { Page } from '../../lib/pagination';
import type { AffiliateCtx } from '../context';
import { findLinks } from '../links/links';

// Everything here filters on the key's affiliate in the WHERE clause itself, so no other
// affiliate's row ever leaves the database. Test conversions (is_test) are the merchant's own
// checks, not the affiliate's earnings, and stay hidden with their commissions.

export const listOwnLinks = ({ ctx, page }: { ctx: AffiliateCtx; page: Page }) =>
  findLinks({ ctx, filters: { affiliateId: ctx.affiliateId }, page });

export async function listOwnClicks({ ctx, page }: { ctx: AffiliateCtx; page: Page }): Promise<AffiliateClickRow[]> {
  // Selected column by column: hashes and fingerprints are never read for an affiliate.
  return ctx.db
    .select({
      id: clicks.id,
      campaignId: clicks.campaignId,
      visitorKey: clicks.visitorKey,
      matchMethod: clicks.matchMethod,
      url: clicks.url,
      referrer: clicks.referrer,
      ts: clicks.ts,
    })
    .from(clicks)
    .where(and(eq(clicks.workspaceId, ctx.workspaceId), eq(clicks.affiliateId, ctx.affiliateId)))
    .orderBy(desc(clicks.ts), desc(clicks.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function listOwnConversions({ ctx, page }: { ctx: AffiliateCtx; page: Page }) {
  return ctx.db
    .select()
    .from(conversions)
    .where(
      and(eq(conversions.workspaceId, ctx.workspaceId), eq(conversions.affiliateId, ctx.affiliateId), eq(conversions.isTest, false)),
    )
    .orderBy(desc(conversions.ts), desc(conversions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Excludes commissions earned on test conversions (correlated on commissions.conversion_id). */
export const notOnTestConversion = (ctx: AffiliateCtx) =>
  notExists(
    ctx.db
      .select({ id: conversions.id })
      .from(conversions)
      .where(and(eq(conversions.id, commissions.conversionId), eq(conversions.isTest, true))),
  );

export async function listOwnCommissions({ ctx, page }: { ctx: AffiliateCtx; page: Page }) {
  return ctx.db
    .select()
    .from(commissions)
    .where(
      and(eq(commissions.workspaceId, ctx.workspaceId), eq(commissions.affiliateId, ctx.affiliateId), notOnTestConversion(ctx)),
    )
    .orderBy(desc(commissions.createdAt), desc(commissions.id))
    .limit(page.limit)
    .offset(page.offset);
}

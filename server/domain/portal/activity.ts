import { and, desc, eq } from 'drizzle-orm';
import { clicks } from '@/db/schema';
import type { AffiliateClickRow } from '../../contracts/affiliate-view';
import type { Page } from '../../lib/pagination';
import type { AffiliateCtx } from '../context';
import { findLinks } from '../links/links';

// Everything here filters on the key's affiliate in the WHERE clause itself, so no other
// affiliate's row ever leaves the database. The affiliate's conversions, commissions and payouts
// are listed with the workspace's (conversions/list.ts, commissions/list.ts, payouts/list.ts).

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

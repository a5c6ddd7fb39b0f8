import { z } from 'zod';
import type { links } from '@/db/schema';
import { iso, timestamp } from './common';

export const linkRecord = z
  .object({
    id: z.uuid(),
    affiliate_id: z.uuid(),
    ref_param: z.string(),
    destination_url: z.string().nullable(),
    campaign_id: z.uuid(),
    domain_id: z.uuid().nullable(),
    created_at: timestamp,
    url: z.string().nullable().describe('the referral URL: destination_url carrying ?{ref_param}={ref_code}'),
  })
  .meta({ id: 'Link' });

export type LinkRecord = z.infer<typeof linkRecord>;
/** A link row with the ref code of its affiliate, which the referral URL carries. */
export type LinkWithCode = typeof links.$inferSelect & { refCode: string };

/**
 * The destination with the ref param set. Existing query parameters and the fragment are kept;
 * a destination that already names the ref param gets the affiliate's code instead of a second one.
 */
export function referralUrl(destination: string | null, refParam: string, refCode: string): string | null {
  if (!destination || !URL.canParse(destination)) return null;
  const url = new URL(destination);
  url.searchParams.set(refParam, refCode);
  return url.toString();
}

export const presentLink = (row: LinkWithCode): LinkRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  ref_param: row.refParam,
  destination_url: row.destinationUrl,
  campaign_id: row.campaignId,
  domain_id: row.domainId,
  created_at: iso(row.createdAt),
  url: referralUrl(row.destinationUrl, row.refParam, row.refCode),
});

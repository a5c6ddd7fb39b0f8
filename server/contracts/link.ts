import { z } from 'zod';
import type { links } from '@/db/schema';
import { iso, text, timestamp, uuid } from './common';

export const linkRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    ref_param: text(32),
    destination_url: text(2048).nullable(),
    campaign_id: uuid,
    domain_id: uuid.nullable(),
    sub_id: text(64).nullable().describe('a label the affiliate gives this placement; the URL carries it as sub_id'),
    created_at: timestamp,
    url: text(2200).nullable().describe('the referral URL: destination_url carrying ?{ref_param}={ref_code} (and &sub_id= when set)'),
  })
  .meta({ id: 'Link' });

export type LinkRecord = z.infer<typeof linkRecord>;
/** A link row with the ref code of its affiliate, which the referral URL carries. */
export type LinkWithCode = typeof links.$inferSelect & { refCode: string };

/** The query parameter that carries a link's sub-id, so click URLs tell an affiliate's placements apart. */
export const SUB_ID_PARAM = 'sub_id';

/** A sub-id as affiliates and managers type it: a short label for one placement. */
export const subId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'use 1-64 of A-Z, a-z, 0-9, _ and -');

/**
 * The destination with the ref param set. Existing query parameters and the fragment are kept;
 * a destination that already names the ref param gets the affiliate's code instead of a second one.
 */
export function referralUrl(destination: string | null, refParam: string, refCode: string, sub: string | null = null): string | null {
  if (!destination || !URL.canParse(destination)) return null;
  const url = new URL(destination);
  url.searchParams.set(refParam, refCode);
  if (sub) url.searchParams.set(SUB_ID_PARAM, sub);
  return url.toString();
}

export const presentLink = (row: LinkWithCode): LinkRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  ref_param: row.refParam,
  destination_url: row.destinationUrl,
  campaign_id: row.campaignId,
  domain_id: row.domainId,
  sub_id: row.subId,
  created_at: iso(row.createdAt),
  url: referralUrl(row.destinationUrl, row.refParam, row.refCode, row.subId),
});

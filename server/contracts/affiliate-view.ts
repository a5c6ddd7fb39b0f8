import { z } from 'zod';
import type { clicks } from '@/db/schema';
import { currencyCode, iso, text, timestamp, uuid } from './common';
import { MATCH_METHODS } from '../model/enums';

// What an affiliate key may see of its own affiliate (/v1/affiliate/*): never portal secrets
// (password or invitation hashes) and, for clicks, never the ip/ua hashes or fingerprints.

// The affiliate sees its own record exactly as the workspace API presents it (no portal secrets:
// presentAffiliate never includes password or invitation hashes).
export { affiliateRecord as affiliateProfileRecord, presentAffiliate as presentAffiliateProfile } from './affiliate';

export const affiliateClickRecord = z
  .object({
    id: uuid,
    campaign_id: uuid,
    visitor_id: text(128),
    match_method: z.enum(MATCH_METHODS),
    url: text(2200).nullable(),
    referrer: text(2048).nullable(),
    created_at: timestamp,
  })
  .meta({ id: 'AffiliateClick' });

/** Takes only the columns it shows, so a query feeding it never selects a hash. */
export type AffiliateClickRow = Pick<
  typeof clicks.$inferSelect,
  'id' | 'campaignId' | 'visitorKey' | 'matchMethod' | 'url' | 'referrer' | 'ts'
>;

export const presentAffiliateClick = (row: AffiliateClickRow): z.infer<typeof affiliateClickRecord> => ({
  id: row.id,
  campaign_id: row.campaignId,
  visitor_id: row.visitorKey,
  match_method: row.matchMethod,
  url: row.url,
  referrer: row.referrer,
  created_at: iso(row.ts),
});

const minor = z.number().int().describe('minor currency units');

export const affiliateStatsRecord = z
  .object({
    clicks: z.number().int(),
    leads: z.number().int(),
    sales: z.number().int(),
    revenue: minor,
    commissions: z.object({ pending: minor, approved: minor, paid: minor }).describe('in `currency` (the workspace currency) only'),
    currency: currencyCode,
    commissions_by_currency: z
      .array(z.object({ currency: currencyCode, pending: minor, approved: minor, paid: minor }))
      .max(200)
      .describe('the same totals in every currency the affiliate earned in, the workspace currency first (an addition)'),
  })
  .meta({ id: 'AffiliateStats' });

export type AffiliateStats = z.infer<typeof affiliateStatsRecord>;

import { z } from 'zod';
import type { affiliates, clicks } from '@/db/schema';
import { iso, isoOrNull, timestamp } from './common';

// What an affiliate key may see of its own affiliate (/v1/affiliate/*): never portal secrets
// (password or invitation hashes) and, for clicks, never the ip/ua hashes or fingerprints.

export const affiliateProfileRecord = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    ref_code: z.string(),
    status: z.enum(['pending', 'active', 'rejected', 'suspended']),
    campaign_id: z.uuid().nullable(),
    payout_email: z.string().nullable(),
    created_at: timestamp,
    approved_at: timestamp.nullable(),
  })
  .meta({ id: 'AffiliateProfile' });

export const presentAffiliateProfile = (row: typeof affiliates.$inferSelect): z.infer<typeof affiliateProfileRecord> => ({
  id: row.id,
  email: row.email,
  name: row.name,
  ref_code: row.refCode,
  status: row.status,
  campaign_id: row.campaignId,
  payout_email: row.payoutEmail,
  created_at: iso(row.createdAt),
  approved_at: isoOrNull(row.approvedAt),
});

export const affiliateClickRecord = z
  .object({
    id: z.uuid(),
    campaign_id: z.uuid(),
    visitor_id: z.string(),
    match_method: z.enum(['cookie', 'fingerprint', 'ip', 'new']),
    url: z.string().nullable(),
    referrer: z.string().nullable(),
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
    commissions: z.object({ pending: minor, approved: minor, paid: minor }),
    currency: z.string(),
  })
  .meta({ id: 'AffiliateStats' });

export type AffiliateStats = z.infer<typeof affiliateStatsRecord>;

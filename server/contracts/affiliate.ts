import { z } from 'zod';
import type { affiliateKeys, affiliates } from '@/db/schema';
import { iso, isoOrNull, text, timestamp, uuid, type Instant } from './common';
import { AFFILIATE_STATUSES } from '../model/enums';

export const affiliateStatus = z.enum(AFFILIATE_STATUSES);

export const affiliateRecord = z
  .object({
    id: uuid,
    email: text(254).nullable(),
    name: text(200).nullable(),
    ref_code: text(64),
    status: affiliateStatus,
    campaign_id: uuid.nullable(),
    group_id: uuid.describe('its partner group (docs/groups-bounties-recruiters.md#groups)'),
    payout_email: text(254).nullable(),
    recruited_by: uuid.nullable().describe('the affiliate that recruited it, which earns on it by its group\'s recruiter terms (docs/groups-bounties-recruiters.md#recruiters-two-tier)'),
    recruited_at: timestamp.nullable(),
    created_at: timestamp,
    approved_at: timestamp.nullable(),
    commissions_held: z.boolean().describe('true while a manager holds the commissions: payout batches skip them'),
    commissions_held_at: timestamp.nullable().describe('when the hold began (kept when repeated); null when not held'),
  })
  .meta({ id: 'Affiliate' });

export type AffiliateRecord = z.infer<typeof affiliateRecord>;

/** The columns an affiliate answer shows (never its password or invitation hashes); a list reads its instants as text. */
export type PresentedAffiliate = Pick<typeof affiliates.$inferSelect, 'id' | 'email' | 'name' | 'refCode' | 'status' | 'campaignId' | 'groupId' | 'payoutEmail' | 'recruitedBy'> & {
  createdAt: Instant;
  recruitedAt: Instant | null;
  approvedAt: Instant | null;
  commissionsHeldAt: Instant | null;
};

export const presentAffiliate = (row: PresentedAffiliate): AffiliateRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  ref_code: row.refCode,
  status: row.status,
  campaign_id: row.campaignId,
  group_id: row.groupId,
  payout_email: row.payoutEmail,
  recruited_by: row.recruitedBy,
  recruited_at: isoOrNull(row.recruitedAt),
  created_at: iso(row.createdAt),
  approved_at: isoOrNull(row.approvedAt),
  commissions_held: row.commissionsHeldAt !== null,
  commissions_held_at: isoOrNull(row.commissionsHeldAt),
});

export const affiliateInviteRecord = z
  .object({
    affiliate_id: uuid,
    ref_code: text(64),
    ref_code_changed: z.boolean().describe('true when a variant was minted because the code was taken'),
    email: text(254),
    status: affiliateStatus,
    created: z.boolean().describe('false when the e-mail was already an affiliate (the same record is returned)'),
  })
  .meta({ id: 'AffiliateInvite' });

export const affiliateKeyRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    name: text(200).nullable(),
    start: text(16).describe('first characters of the token, for display'),
    created_at: timestamp,
  })
  .meta({ id: 'AffiliateKey' });

export const presentAffiliateKey = (row: typeof affiliateKeys.$inferSelect): z.infer<typeof affiliateKeyRecord> => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  name: row.name,
  start: row.start,
  created_at: iso(row.createdAt),
});

export const affiliateKeyWithToken = affiliateKeyRecord
  .extend({ token: text(64).describe('the refa_live_ token; shown only in this response') })
  .meta({ id: 'AffiliateKeyWithToken' });

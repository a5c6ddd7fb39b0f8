import { z } from 'zod';
import type { AffiliateTableRow } from '../domain/affiliates/list';
import type { CommissionTableRow } from '../domain/commissions/list';
import type { ConversionTableRow } from '../domain/conversions/list';
import { affiliateStatus } from './affiliate';
import { currencyCode, dateOrDateTime, iso, isoOrNull, queryBool, recordId, text, timestamp, uuid } from './common';
import { conversionStatus, conversionType } from './conversion';
import { COMMISSION_KINDS, COMMISSION_STATUSES } from '../model/enums';
import { presentRewardDelivery, rewardDeliveryRecord, type RewardDeliveryRow } from './commission';

// Dashboard-only list views (no /v1 meta): what a manager scans in each list, by name, never an
// id fragment. Money is integer minor units with its currency beside it.

/** Search, sort and page fields every list view takes. */
export const listViewQuery = <const S extends readonly [string, ...string[]]>(sorts: S, fallback: S[number]) => ({
  q: z.string().trim().max(200).optional().describe('text to find, case-insensitively'),
  sort: z.enum(sorts).default(fallback as z.infer<z.ZodEnum<{ [K in S[number]]: K }>>),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

/** A CSV export holds at most this many rows: narrow the filters for more. */
export const MAX_CSV_ROWS = 10_000;
/** What a CSV export answers: the file's text. */
export const csvOutput = z.string().max(20_000_000);

const named = z.object({ id: uuid, name: text(254) });

export const affiliateRow = z.object({
  id: uuid,
  name: text(200).nullable(),
  email: text(254).nullable(),
  ref_code: text(64),
  status: affiliateStatus,
  campaign: named.nullable(),
  group: named.nullable().describe('its partner group'),
  created_at: timestamp,
  applied_at: timestamp.nullable(),
  application_note: text(1000).nullable(),
  commissions_held: z.boolean(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  earnings: z.number().int(),
  unpaid: z.number().int(),
  currency: currencyCode,
});

export const presentAffiliateRow = (r: AffiliateTableRow, currency: string): z.infer<typeof affiliateRow> => ({
  id: r.id,
  name: r.name,
  email: r.email,
  ref_code: r.refCode,
  status: r.status,
  campaign: r.campaignId && r.campaignName ? { id: r.campaignId, name: r.campaignName } : null,
  group: r.groupName ? { id: r.groupId, name: r.groupName } : null,
  created_at: iso(r.createdAt),
  applied_at: isoOrNull(r.appliedAt),
  application_note: r.applicationNote,
  commissions_held: r.commissionsHeldAt !== null,
  clicks: r.clicks,
  conversions: r.conversions,
  earnings: r.earnings,
  unpaid: r.unpaid,
  currency,
});

export const conversionRow = z.object({
  id: uuid,
  ts: timestamp,
  type: conversionType,
  status: conversionStatus,
  amount: z.number().int(),
  refunded_amount: z.number().int(),
  currency: currencyCode,
  external_id: text(200),
  customer_id: text(200).nullable(),
  match_method: text(16).nullable(),
  affiliate: named,
  campaign: named.nullable(),
  commission: z.number().int().nullable().describe('what the conversion earns now (live commissions); null when it earns nothing'),
  commission_currency: currencyCode.nullable(),
});

export const presentConversionRow = (r: ConversionTableRow): z.infer<typeof conversionRow> => ({
  id: r.id,
  ts: iso(r.ts),
  type: r.type,
  status: r.status,
  amount: r.amount,
  refunded_amount: r.refundedAmount,
  currency: r.currency,
  external_id: r.externalId,
  customer_id: r.customerId,
  match_method: r.matchMethod,
  affiliate: { id: r.affiliateId, name: r.affiliateName ?? 'unknown affiliate' },
  campaign: r.campaignName ? { id: r.campaignId, name: r.campaignName } : null,
  commission: r.commission,
  commission_currency: r.commissionCurrency,
});

export const commissionRow = z.object({
  id: uuid,
  created_at: timestamp,
  status: z.enum(COMMISSION_STATUSES),
  kind: z.enum(COMMISSION_KINDS),
  amount: z.number().int(),
  computed_amount: z.number().int(),
  currency: currencyCode,
  payout_id: uuid.nullable(),
  bounty_id: uuid.nullable().describe('kind bounty: the bounty it pays (no conversion)'),
  payable_on: timestamp.describe('when it can be paid: the end of its hold (a clawback at once)'),
  affiliate: named,
  conversion: z.object({ id: uuid, external_id: text(200), amount: z.number().int(), currency: currencyCode, status: conversionStatus }).nullable(),
  reward_delivery: rewardDeliveryRecord.nullable(),
});

export const presentCommissionRow = (r: CommissionTableRow & { rewardDelivery?: RewardDeliveryRow | null }): z.infer<typeof commissionRow> => ({
  id: r.id,
  created_at: iso(r.createdAt),
  status: r.status,
  kind: r.kind,
  amount: r.amount,
  computed_amount: r.computedAmount,
  currency: r.currency,
  payout_id: r.payoutId,
  bounty_id: r.bountyId,
  payable_on: iso(r.payableOn),
  affiliate: { id: r.affiliateId, name: r.affiliateName ?? 'unknown affiliate' },
  conversion:
    r.conversionId !== null && r.conversionExternalId !== null && r.conversionAmount !== null && r.conversionCurrency !== null && r.conversionStatus !== null
      ? { id: r.conversionId, external_id: r.conversionExternalId, amount: r.conversionAmount, currency: r.conversionCurrency, status: r.conversionStatus }
      : null,
  reward_delivery: r.rewardDelivery ? presentRewardDelivery(r.rewardDelivery) : null,
});

// The filters a list view and its CSV share, and the domain query they become.

export const affiliateTableFilters = {
  status: affiliateStatus.optional(),
  campaign_id: recordId.optional(),
  group_id: recordId.optional(),
  applied: queryBool.optional().describe('only those who applied on the join page'),
  ...listViewQuery(['joined', 'name', 'clicks', 'conversions', 'earnings', 'unpaid'], 'joined'),
};

export const affiliateQuery = (i: z.infer<z.ZodObject<typeof affiliateTableFilters>>) => ({
  q: i.q,
  status: i.status,
  campaignId: i.campaign_id,
  groupId: i.group_id,
  applied: i.applied,
  sort: i.sort,
  dir: i.dir,
});

export const conversionTableFilters = {
  status: conversionStatus.optional(),
  type: conversionType.optional(),
  affiliate_id: recordId.optional(),
  campaign_id: recordId.optional(),
  from: dateOrDateTime.optional().describe('inclusive'),
  to: dateOrDateTime.optional().describe('a date includes that whole day (UTC)'),
  ...listViewQuery(['when', 'amount', 'commission'], 'when'),
};

const DAY_MS = 86_400_000;
/** `to` as a date names its whole day: the bound is the next midnight. */
const upper = (to: string) => (to.length === 10 ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date(to));

export const conversionQuery = (i: z.infer<z.ZodObject<typeof conversionTableFilters>>) => ({
  q: i.q,
  status: i.status,
  type: i.type,
  affiliateId: i.affiliate_id,
  campaignId: i.campaign_id,
  from: i.from ? new Date(i.from.length === 10 ? `${i.from}T00:00:00Z` : i.from) : undefined,
  to: i.to ? upper(i.to) : undefined,
  sort: i.sort,
  dir: i.dir,
});

export const commissionTableFilters = {
  status: z.enum(COMMISSION_STATUSES).optional(),
  affiliate_id: recordId.optional(),
  conversion_id: recordId.optional(),
  payable: z.enum(['now', 'later']).optional().describe('now: past its hold; later: still in it'),
  ...listViewQuery(['created', 'payable_on', 'amount'], 'created'),
};

export const commissionQuery = (i: z.infer<z.ZodObject<typeof commissionTableFilters>>) => ({
  q: i.q,
  status: i.status,
  affiliateId: i.affiliate_id,
  conversionId: i.conversion_id,
  payable: i.payable,
  sort: i.sort,
  dir: i.dir,
});

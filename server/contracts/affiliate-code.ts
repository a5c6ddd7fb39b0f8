import { z } from 'zod';
import type { affiliateCodes } from '@/db/schema';
import { iso, isoOrNull, text, timestamp, uuid } from './common';
import { AFFILIATE_CODE_SOURCES, AFFILIATE_CODE_STATUSES, CODE_DEACTIVATION_REASONS, CODE_SYNC_STATES } from '../model/enums';

// An affiliate's coupon code (docs/codes.md).
export const codeText = z
  .string()
  .max(64)
  .describe('3-32 of A-Z, a-z and 0-9, unique in the workspace in any case; reserved words are refused (docs/codes.md#rules)');

export const affiliateCodeRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    code: text(32).describe('as typed at checkout (any case matches) and as created in Stripe and Paddle'),
    status: z.enum(AFFILIATE_CODE_STATUSES).describe('inactive codes keep their text: it is never given to another affiliate'),
    source: z.enum(AFFILIATE_CODE_SOURCES).describe('generated from the ref code, chosen by the manager or the affiliate, or linked from a provider'),
    sync_state: z.enum(CODE_SYNC_STATES).describe('pending until the connected providers have followed the last change; failed: see sync_error'),
    sync_error: text(1000).nullable(),
    created_at: timestamp,
    deactivated_at: timestamp.nullable(),
    deactivated_reason: z
      .enum(CODE_DEACTIVATION_REASONS)
      .nullable()
      .describe('affiliate_inactive codes come back when the affiliate is active again; the others stay inactive'),
  })
  .meta({ id: 'AffiliateCode' });

export type AffiliateCodeRecord = z.infer<typeof affiliateCodeRecord>;

export const presentAffiliateCode = (row: typeof affiliateCodes.$inferSelect): AffiliateCodeRecord => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  code: row.code,
  status: row.status,
  source: row.source,
  sync_state: row.syncState,
  // bounded here: a provider's error message is not ours to bound when it is stored
  sync_error: row.syncError === null ? null : row.syncError.slice(0, 1000),
  created_at: iso(row.createdAt),
  deactivated_at: isoOrNull(row.deactivatedAt),
  deactivated_reason: row.deactivatedReason,
});

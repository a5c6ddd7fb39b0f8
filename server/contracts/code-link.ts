import { z } from 'zod';
import type { affiliateCodeLinks, affiliateCodes } from '@/db/schema';
import { iso, isoOrNull, text, timestamp, uuid } from './common';
import { AFFILIATE_CODE_SOURCES, AFFILIATE_CODE_STATUSES, CODE_LINK_CLOSERS, CODE_SYNC_STATES, PROVIDERS } from '../model/enums';

// An affiliate code with the provider objects that stand for it (server/integrations/codes/):
// what POST /v1/affiliates/{id}/codes/link answers.
// TODO(lead, issue 45): fold `providers` into the codes helper's code record once both are merged.

export const codeProviderObject = z
  .object({
    provider: z.enum(PROVIDERS),
    object_id: text(255).describe('promo_… (Stripe promotion code) or dsc_… (Paddle discount)'),
    coupon_id: text(255).nullable().describe('Stripe: the coupon the promotion code applies'),
    active: z.boolean(),
    deactivated_by: z.enum(CODE_LINK_CLOSERS).nullable().describe('refcount, or merchant when deactivated in the provider (Refcount leaves it so)'),
    created_at: timestamp,
  })
  .meta({ id: 'CodeProviderObject' });

export const linkedCodeRecord = z
  .object({
    id: uuid,
    affiliate_id: uuid,
    code: text(32),
    status: z.enum(AFFILIATE_CODE_STATUSES),
    source: z.enum(AFFILIATE_CODE_SOURCES),
    sync_state: z.enum(CODE_SYNC_STATES),
    sync_error: text(500).nullable(),
    providers: z.array(codeProviderObject).max(100),
    created_at: timestamp,
    deactivated_at: timestamp.nullable(),
  })
  .meta({ id: 'LinkedAffiliateCode' });

type Code = typeof affiliateCodes.$inferSelect;
type Link = typeof affiliateCodeLinks.$inferSelect;

export const presentCodeProviderObject = (l: Link): z.infer<typeof codeProviderObject> => ({
  provider: l.provider,
  object_id: l.objectId,
  coupon_id: l.couponId,
  active: l.active,
  deactivated_by: l.deactivatedBy,
  created_at: iso(l.createdAt),
});

export const presentLinkedCode = (c: Code, links: Link[]): z.infer<typeof linkedCodeRecord> => ({
  id: c.id,
  affiliate_id: c.affiliateId,
  code: c.code,
  status: c.status,
  source: c.source,
  sync_state: c.syncState,
  sync_error: c.syncError,
  providers: links.map(presentCodeProviderObject),
  created_at: iso(c.createdAt),
  deactivated_at: isoOrNull(c.deactivatedAt),
});

import { z } from 'zod';
import type { campaigns } from '@/db/schema';
import { iso, text, timestamp, uuid } from './common';
import { ATTRIBUTION_MODELS, CAMPAIGN_STATUSES } from '../model/enums';

export const campaignStatus = z.enum(CAMPAIGN_STATUSES);
export const attributionModel = z.enum(ATTRIBUTION_MODELS);
export const cookieWindowDays = z.number().int().min(1).max(3650);
export const refParam = z.string().trim().max(32).regex(/^[A-Za-z0-9_-]{1,32}$/, 'use 1-32 of A-Z, a-z, 0-9, _ and -');

export const campaignRecord = z
  .object({
    id: uuid,
    name: text(200),
    status: campaignStatus,
    cookie_window_days: z.number().int(),
    attribution_model: attributionModel,
    destination_url: text(2048).nullable(),
    additional_referral_links: z.array(text(2048)).max(50),
    ref_param: text(32),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Campaign' });

export type CampaignRecord = z.infer<typeof campaignRecord>;

export const presentCampaign = (row: typeof campaigns.$inferSelect): CampaignRecord => ({
  id: row.id,
  name: row.name,
  status: row.status,
  cookie_window_days: row.cookieWindowDays,
  attribution_model: row.attributionModel,
  destination_url: row.destinationUrl,
  additional_referral_links: row.additionalReferralLinks,
  ref_param: row.refParam,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

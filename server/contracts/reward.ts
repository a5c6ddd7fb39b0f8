import { z } from 'zod';
import { MAX_USAGE_SHOWN } from './limits';
import type { rewards } from '@/db/schema';
import { description, iso, text, timestamp, uuid } from './common';
import { deliveryFields, presentDelivery, presentTerms, rewardType, termsFields, termsInput } from './terms';

export const rewardTermsInput = termsInput.extend({ description: description.nullable().optional() });
export type RewardTermsInput = z.infer<typeof rewardTermsInput>;

export const rewardRecord = z
  .object({
    id: uuid,
    name: text(200),
    type: rewardType,
    terms: z.object({ ...termsFields, description: text(1000).nullable() }),
    ...deliveryFields,
    archived: z.boolean(),
    used_by_campaigns: z
      .array(z.object({ id: uuid, name: text(200) }))
      .max(MAX_USAGE_SHOWN)
      .describe(`campaigns whose rules were copied from this reward, as of this read (the oldest ${MAX_USAGE_SHOWN})`),
    created_at: timestamp,
  })
  .meta({ id: 'Reward' });

export type RewardUsage = { id: string; name: string }[];

export const presentReward = (row: typeof rewards.$inferSelect & { usedBy: RewardUsage }): z.infer<typeof rewardRecord> => ({
  id: row.id,
  name: row.name,
  type: row.type,
  terms: { ...presentTerms(row), description: row.description },
  ...presentDelivery(row),
  archived: row.archived,
  used_by_campaigns: row.usedBy,
  created_at: iso(row.createdAt),
});

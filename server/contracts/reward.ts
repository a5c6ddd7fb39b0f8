import { z } from 'zod';
import type { rewards } from '@/db/schema';
import { description, iso, timestamp } from './common';
import { presentTerms, rewardType, termsFields, termsInput } from './terms';

export const rewardTermsInput = termsInput.extend({ description: description.nullable().optional() });
export type RewardTermsInput = z.infer<typeof rewardTermsInput>;

export const rewardRecord = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: rewardType,
    terms: z.object({ ...termsFields, description: z.string().nullable() }),
    archived: z.boolean(),
    used_by_campaigns: z
      .array(z.object({ id: z.uuid(), name: z.string() }))
      .describe('campaigns whose rules were copied from this reward, as of this read'),
    created_at: timestamp,
  })
  .meta({ id: 'Reward' });

export type RewardUsage = { id: string; name: string }[];

export const presentReward = (row: typeof rewards.$inferSelect & { usedBy: RewardUsage }): z.infer<typeof rewardRecord> => ({
  id: row.id,
  name: row.name,
  type: row.type,
  terms: { ...presentTerms(row), description: row.description },
  archived: row.archived,
  used_by_campaigns: row.usedBy,
  created_at: iso(row.createdAt),
});

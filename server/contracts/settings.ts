import { z } from 'zod';
import type { workspaceSettings } from '@/db/schema';
import { one } from './common';

export const holdDays = z.number().int().min(0).max(3650).describe('days a sale stays pending before it is confirmed');
export const minPayout = z.number().int().min(0).describe('smallest payout, integer minor units');

export const settingsRecord = z
  .object({
    auto_approve_affiliates: z.boolean(),
    auto_approve_commissions: z.boolean(),
    hold_days: z.number().int(),
    min_payout: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'Settings' });

export const settingsBody = one('settings', settingsRecord);

export const presentSettings = (row: typeof workspaceSettings.$inferSelect) => ({
  object: 'settings' as const,
  data: {
    auto_approve_affiliates: row.autoApproveAffiliates,
    auto_approve_commissions: row.autoApproveCommissions,
    hold_days: row.holdDays,
    min_payout: row.minPayout,
    currency: row.currency,
  },
});

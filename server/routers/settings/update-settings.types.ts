import { z } from 'zod';
import { currency } from '../../contracts/common';
import { holdDays, minPayout, settingsBody } from '../../contracts/settings';
import { operation } from '../../trpc/meta';

export const updateSettingsMeta = operation({
  method: 'PATCH',
  path: '/settings',
  summary: "Change the workspace's program settings",
  tags: ['Settings'],
  errors: ['invalid_json', 'invalid_request', 'unauthorized', 'insufficient_scope'],
});

export const updateSettingsInput = z.strictObject({
  auto_approve_affiliates: z.boolean().optional(),
  auto_approve_commissions: z.boolean().optional(),
  hold_days: holdDays.optional(),
  min_payout: minPayout.optional(),
  currency: currency.optional(),
});
export const updateSettingsOutput = settingsBody;

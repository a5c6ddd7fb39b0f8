// PATCH /v1/settings: change approval, hold, payout or currency settings
import { presentSettings } from '../../contracts/settings';
import { updateSettings } from '../../domain/settings/settings';
import { workspaceProcedure } from '../../trpc/procedures';
import { updateSettingsInput, updateSettingsMeta, updateSettingsOutput } from './update-settings.types';

export const updateSettingsProcedure = workspaceProcedure('write')
  .meta(updateSettingsMeta)
  .input(updateSettingsInput)
  .output(updateSettingsOutput)
  .mutation(async ({ ctx, input }) => {
    const row = await updateSettings({
      ctx,
      patch: {
        autoApproveAffiliates: input.auto_approve_affiliates,
        autoApproveCommissions: input.auto_approve_commissions,
        holdDays: input.hold_days,
        minPayout: input.min_payout,
        currency: input.currency,
      },
    });
    return presentSettings(row);
  });

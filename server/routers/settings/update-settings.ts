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
        programName: input.program_name,
        logoUrl: input.logo_url,
        brandColor: input.brand_color,
        termsUrl: input.terms_url,
        joinSlug: input.join_slug,
        disposableEmailPolicy: input.disposable_email_policy,
        linkCustomersByEmail: input.link_customers_by_email,
        taxFormRequired: input.tax_form_required,
        taxFormThreshold: input.tax_form_threshold,
        // One origin written twice (or in two spellings of one origin) is kept once.
        embedOrigins: input.embed_origins && [...new Set(input.embed_origins)],
      },
    });
    return presentSettings(row);
  });

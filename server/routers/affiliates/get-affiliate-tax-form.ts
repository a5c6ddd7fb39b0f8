// GET /v1/affiliates/{id}/tax-form: the affiliate's current tax form, tax id masked
import { presentTaxForm } from '../../contracts/tax-form';
import { getAffiliate } from '../../domain/affiliates/affiliates';
import { currentTaxForm } from '../../domain/tax-forms/tax-forms';
import { workspaceProcedure } from '../../trpc/procedures';
import { getAffiliateTaxFormInput, getAffiliateTaxFormMeta, getAffiliateTaxFormOutput } from './get-affiliate-tax-form.types';

export const getAffiliateTaxFormProcedure = workspaceProcedure('read')
  .meta(getAffiliateTaxFormMeta)
  .input(getAffiliateTaxFormInput)
  .output(getAffiliateTaxFormOutput)
  .query(async ({ ctx, input }) => {
    // Another workspace's affiliate is not found, like a missing one.
    const affiliate = await getAffiliate({ ctx, id: input.id });
    const row = await currentTaxForm({ ctx, affiliateId: affiliate.id });
    return { object: 'tax_form' as const, data: row ? presentTaxForm(row) : null };
  });

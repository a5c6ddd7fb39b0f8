// dashboard-only (portal): the affiliate's current tax form, its tax id masked (null: none given)
import { presentTaxForm } from '../../contracts/tax-form';
import { currentTaxForm } from '../../domain/tax-forms/tax-forms';
import { portalProcedure } from '../../trpc/procedures';
import { getTaxFormInput, getTaxFormOutput } from './get-tax-form.types';

export const getTaxFormProcedure = portalProcedure
  .input(getTaxFormInput)
  .output(getTaxFormOutput)
  .query(async ({ ctx }) => {
    const row = await currentTaxForm({ ctx, affiliateId: ctx.affiliateId });
    return { object: 'tax_form' as const, data: row ? presentTaxForm(row) : null };
  });

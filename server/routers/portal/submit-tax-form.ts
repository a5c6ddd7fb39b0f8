// dashboard-only (portal): the affiliate gives a W-9 or W-8BEN; it replaces the current form
import { presentTaxForm } from '../../contracts/tax-form';
import { submitTaxForm } from '../../domain/tax-forms/tax-forms';
import { portalProcedure } from '../../trpc/procedures';
import { submitTaxFormInput, submitTaxFormOutput } from './submit-tax-form.types';

export const submitTaxFormProcedure = portalProcedure
  .input(submitTaxFormInput)
  .output(submitTaxFormOutput)
  .mutation(async ({ ctx, input }) => ({ object: 'tax_form' as const, data: presentTaxForm(await submitTaxForm({ ctx, input })) }));

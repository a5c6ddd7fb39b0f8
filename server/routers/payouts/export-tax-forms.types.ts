import { z } from 'zod';
import { MAX_TAX_EXPORT_LINE, MAX_TAX_EXPORT_PAYEES } from '../../contracts/limits';
import { operation } from '../../trpc/meta';

export const exportTaxFormsMeta = operation({
  method: 'GET',
  path: '/payouts/tax-export.csv',
  summary: 'Year-end 1099-NEC import file: US payees paid above the threshold (text/csv, contains tax ids)',
  description:
    'An extension of the spec. Needs the write scope (a read-only key cannot pull tax ids). A header row, then one line per affiliate whose current tax form is a W-9 and whose payouts paid in `year` (UTC, by paid_at, in the workspace currency) sum above tax_form_threshold: Recipient Name, Recipient TIN (unsealed: the only place it appears), Address Line 1, Address Line 2, City, State, ZIP, Country, Box 1 Nonemployee Compensation (major units), Tax Year, Account Number (the affiliate id).',
  tags: ['Payouts'],
  errors: ['year_required'],
});

export const exportTaxFormsInput = z.object({ year: z.coerce.number().int().min(2000).max(2100) });
export const exportTaxFormsOutput = z.string().max((MAX_TAX_EXPORT_PAYEES + 1) * MAX_TAX_EXPORT_LINE).describe('text/csv');

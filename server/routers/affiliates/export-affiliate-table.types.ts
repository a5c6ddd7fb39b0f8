import { z } from 'zod';
import { uuid } from '../../contracts/common';
import { affiliateTableFilters, csvOutput } from '../../contracts/list-views';

// Dashboard-only (no /v1 meta): the affiliates list view as CSV, with the list's filters.
export const exportAffiliateTableInput = z.object({
  ...affiliateTableFilters,
  // the rows selected on the list (Export selected): at most a page of them
  ids: z.array(uuid).min(1).max(100).optional(),
});
export const exportAffiliateTableOutput = csvOutput;

import { z } from 'zod';
import { affiliateTableFilters, csvOutput } from '../../contracts/list-views';

// Dashboard-only (no /v1 meta): the affiliates list view as CSV, with the list's filters.
export const exportAffiliateTableInput = z.object(affiliateTableFilters);
export const exportAffiliateTableOutput = csvOutput;

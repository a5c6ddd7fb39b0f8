import { z } from 'zod';
import { commissionTableFilters, csvOutput } from '../../contracts/list-views';

// Dashboard-only (no /v1 meta): the commissions list view as CSV, with the list's filters.
export const exportCommissionTableInput = z.object(commissionTableFilters);
export const exportCommissionTableOutput = csvOutput;

import { z } from 'zod';
import { affiliateTableFilters, affiliateRow } from '../../contracts/list-views';
import { listOf, pageQuery } from '../../lib/pagination';

// Dashboard-only (no /v1 meta): the affiliates list view (its CSV takes the same filters).
export const listAffiliateTableInput = z.object({ ...affiliateTableFilters, ...pageQuery(100, 50) });
export const listAffiliateTableOutput = listOf(affiliateRow, 100, { currency: z.string().max(3) });

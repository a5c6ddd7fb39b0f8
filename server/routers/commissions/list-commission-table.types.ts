import { z } from 'zod';
import { commissionTableFilters, commissionRow } from '../../contracts/list-views';
import { listOf, pageQuery } from '../../lib/pagination';

// Dashboard-only (no /v1 meta): the commissions list view (its CSV takes the same filters).
export const listCommissionTableInput = z.object({ ...commissionTableFilters, ...pageQuery(100, 50) });
export const listCommissionTableOutput = listOf(commissionRow, 100);

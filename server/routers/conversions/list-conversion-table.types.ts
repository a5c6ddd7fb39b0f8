import { z } from 'zod';
import { conversionTableFilters, conversionRow } from '../../contracts/list-views';
import { listOf, pageQuery } from '../../lib/pagination';

// Dashboard-only (no /v1 meta): the conversions list view (its CSV takes the same filters).
export const listConversionTableInput = z.object({ ...conversionTableFilters, ...pageQuery(100, 50) });
export const listConversionTableOutput = listOf(conversionRow, 100);

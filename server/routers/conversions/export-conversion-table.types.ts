import { z } from 'zod';
import { conversionTableFilters, csvOutput } from '../../contracts/list-views';

// Dashboard-only (no /v1 meta): the conversions list view as CSV, with the list's filters.
export const exportConversionTableInput = z.object(conversionTableFilters);
export const exportConversionTableOutput = csvOutput;

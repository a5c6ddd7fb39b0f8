import { z } from 'zod';
import { dateOrDateTime, recordId } from '../../contracts/common';
import { conversionStatus, conversionType } from '../../contracts/conversion';
import { conversionRow, listViewQuery } from '../../contracts/list-views';
import { listOf, pageQuery } from '../../lib/pagination';

// Dashboard-only (no /v1 meta): the conversions list view and its CSV.
export const conversionTableFilters = {
  status: conversionStatus.optional(),
  type: conversionType.optional(),
  affiliate_id: recordId.optional(),
  campaign_id: recordId.optional(),
  from: dateOrDateTime.optional().describe('inclusive'),
  to: dateOrDateTime.optional().describe('a date includes that whole day (UTC)'),
  ...listViewQuery(['when', 'amount', 'commission'], 'when'),
};
export const conversionTableInput = z.object({ ...conversionTableFilters, ...pageQuery(100, 50) });
export const conversionTableOutput = listOf(conversionRow, 100);
export const conversionCsvInput = z.object(conversionTableFilters);

const DAY_MS = 86_400_000;
/** `to` as a date names its whole day: the bound is the next midnight. */
const upper = (to: string) => (to.length === 10 ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date(to));

export const conversionQuery = (i: z.infer<typeof conversionCsvInput>) => ({
  q: i.q,
  status: i.status,
  type: i.type,
  affiliateId: i.affiliate_id,
  campaignId: i.campaign_id,
  from: i.from ? new Date(i.from.length === 10 ? `${i.from}T00:00:00Z` : i.from) : undefined,
  to: i.to ? upper(i.to) : undefined,
  sort: i.sort,
  dir: i.dir,
});

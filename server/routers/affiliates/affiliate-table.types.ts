import { z } from 'zod';
import { affiliateStatus } from '../../contracts/affiliate';
import { queryBool, recordId } from '../../contracts/common';
import { affiliateRow, listViewQuery } from '../../contracts/list-views';
import { listOf, pageQuery } from '../../lib/pagination';

// Dashboard-only (no /v1 meta): the affiliates list view and its CSV.
export const affiliateTableFilters = {
  status: affiliateStatus.optional(),
  campaign_id: recordId.optional(),
  applied: queryBool.optional().describe('only those who applied on the join page'),
  ...listViewQuery(['joined', 'name', 'clicks', 'conversions', 'earnings', 'unpaid'], 'joined'),
};
export const affiliateTableInput = z.object({ ...affiliateTableFilters, ...pageQuery(100, 50) });
export const affiliateTableOutput = listOf(affiliateRow, 100, { currency: z.string().max(3) });
export const affiliateCsvInput = z.object(affiliateTableFilters);
export const csvOutput = z.string().max(20_000_000);

export const affiliateQuery = (i: z.infer<typeof affiliateCsvInput>) => ({
  q: i.q,
  status: i.status,
  campaignId: i.campaign_id,
  applied: i.applied,
  sort: i.sort,
  dir: i.dir,
});

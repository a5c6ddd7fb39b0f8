import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { commissionRow, listViewQuery } from '../../contracts/list-views';
import { listOf, pageQuery } from '../../lib/pagination';
import { COMMISSION_STATUSES } from '../../model/enums';

// Dashboard-only (no /v1 meta): the commissions list view and its CSV.
export const commissionTableFilters = {
  status: z.enum(COMMISSION_STATUSES).optional(),
  affiliate_id: recordId.optional(),
  conversion_id: recordId.optional(),
  payable: z.enum(['now', 'later']).optional().describe('now: past its hold; later: still in it'),
  ...listViewQuery(['created', 'payable_on', 'amount'], 'created'),
};
export const commissionTableInput = z.object({ ...commissionTableFilters, ...pageQuery(100, 50) });
export const commissionTableOutput = listOf(commissionRow, 100);
export const commissionCsvInput = z.object(commissionTableFilters);

export const commissionQuery = (i: z.infer<typeof commissionCsvInput>) => ({
  q: i.q,
  status: i.status,
  affiliateId: i.affiliate_id,
  conversionId: i.conversion_id,
  payable: i.payable,
  sort: i.sort,
  dir: i.dir,
});

// dashboard-only: the affiliates list with campaign, clicks, conversions, earnings and unpaid balance; search, sort, pages
import { presentAffiliateRow } from '../../contracts/list-views';
import { affiliateTable } from '../../domain/lists/affiliate-table';
import { workspaceProcedure } from '../../trpc/procedures';
import { affiliateQuery, affiliateTableInput, affiliateTableOutput } from './affiliate-table.types';

export const listAffiliateTableProcedure = workspaceProcedure('read')
  .input(affiliateTableInput)
  .output(affiliateTableOutput)
  .query(async ({ ctx, input }) => {
    const { currency, rows } = await affiliateTable({ ctx, query: affiliateQuery(input), page: { limit: input.limit + 1, offset: input.offset } });
    return {
      object: 'list' as const,
      resource: 'affiliates',
      limit: input.limit,
      offset: input.offset,
      has_more: rows.length > input.limit,
      currency,
      data: rows.slice(0, input.limit).map((r) => presentAffiliateRow(r, currency)),
    };
  });

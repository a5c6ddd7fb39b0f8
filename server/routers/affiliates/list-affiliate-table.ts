// dashboard-only: the affiliates list with campaign, clicks, conversions, earnings and unpaid balance; search, sort, pages
import { affiliateQuery, presentAffiliateRow } from '../../contracts/list-views';
import { affiliateTable } from '../../domain/affiliates/list';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listAffiliateTableInput, listAffiliateTableOutput } from './list-affiliate-table.types';

export const listAffiliateTableProcedure = workspaceProcedure('read')
  .input(listAffiliateTableInput)
  .output(listAffiliateTableOutput)
  .query(async ({ ctx, input }) => {
    const query = affiliateQuery(input);
    // the table reports the workspace currency its money columns are in; every row is presented in it
    let currency = '';
    const page = await listPage(
      'affiliates',
      input,
      async (limit, offset) => {
        const table = await affiliateTable({ ctx, query, page: { limit, offset } });
        currency = table.currency;
        return table.rows;
      },
      (row) => presentAffiliateRow(row, currency),
    );
    return { ...page, currency };
  });

// dashboard-only: commissions with affiliate, conversion amount and payable-on date; search, sort, filters, pages
import { commissionQuery, presentCommissionRow } from '../../contracts/list-views';
import { commissionTable } from '../../domain/commissions/list';
import { withRewardDeliveries } from '../../domain/commissions/reward-delivery';
import { listPage } from '../../lib/pagination';
import { workspaceProcedure } from '../../trpc/procedures';
import { listCommissionTableInput, listCommissionTableOutput } from './list-commission-table.types';

export const listCommissionTableProcedure = workspaceProcedure('read')
  .input(listCommissionTableInput)
  .output(listCommissionTableOutput)
  .query(({ ctx, input }) =>
    listPage('commissions', input, async (limit, offset) => withRewardDeliveries(ctx, await commissionTable({ ctx, query: commissionQuery(input), page: { limit, offset } })), presentCommissionRow),
  );

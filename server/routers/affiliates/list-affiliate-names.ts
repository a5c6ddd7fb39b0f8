// dashboard-only: display names for the affiliate ids a list page shows (commissions, payouts)
import { affiliateNames } from '../../domain/affiliates/names';
import { workspaceProcedure } from '../../trpc/procedures';
import { listAffiliateNamesInput, listAffiliateNamesOutput } from './list-affiliate-names.types';

export const listAffiliateNamesProcedure = workspaceProcedure('read')
  .input(listAffiliateNamesInput)
  .output(listAffiliateNamesOutput)
  .query(async ({ ctx, input }) => ({ data: await affiliateNames({ ctx, ids: input.ids }) }));

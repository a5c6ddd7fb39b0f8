// dashboard-only (portal): the signed-in affiliate's commissions per day, week or month, for the earnings chart
import { ownEarnings } from '../../domain/portal/earnings';
import { portalProcedure } from '../../trpc/procedures';
import { getEarningsInput, getEarningsOutput } from './get-earnings.types';

export const getEarningsProcedure = portalProcedure
  .input(getEarningsInput)
  .output(getEarningsOutput)
  .query(async ({ ctx, input }) => ({ object: 'affiliate_earnings' as const, data: await ownEarnings({ ctx, interval: input.interval, currency: input.currency }) }));

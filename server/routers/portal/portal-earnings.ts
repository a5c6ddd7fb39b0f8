// dashboard-only (portal): the signed-in affiliate's commissions per day, week or month, for the earnings chart
import { ownEarnings } from '../../domain/portal/earnings';
import { portalEarningsInput, portalEarningsOutput } from './portal-earnings.types';
import { portalProcedure } from './portal-procedure';

export const portalEarnings = portalProcedure
  .input(portalEarningsInput)
  .output(portalEarningsOutput)
  .query(async ({ ctx, input }) => ({ object: 'affiliate_earnings' as const, data: await ownEarnings({ ctx, interval: input.interval }) }));

// dashboard-only (portal): the affiliate's own payout method (manual and ready until one is chosen)
import { getPayoutMethod } from '../../domain/payouts/methods';
import { portalProcedure } from '../../trpc/procedures';
import { getPayoutMethodInput, getPayoutMethodOutput } from './get-payout-method.types';

export const getPayoutMethodProcedure = portalProcedure
  .input(getPayoutMethodInput)
  .output(getPayoutMethodOutput)
  .query(async ({ ctx }) => ({ object: 'payout_method' as const, data: await getPayoutMethod(ctx, ctx.affiliateId) }));

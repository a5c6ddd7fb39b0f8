// dashboard-only (portal): the affiliate opens the e-mailed link; its PayPal method becomes ready
import { presentPayoutMethod } from '../../contracts/payout-method';
import { confirmPaypal } from '../../domain/payouts/methods';
import { portalProcedure } from '../../trpc/procedures';
import { confirmPaypalInput, confirmPaypalOutput } from './confirm-paypal.types';

export const confirmPaypalProcedure = portalProcedure
  .input(confirmPaypalInput)
  .output(confirmPaypalOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'payout_method' as const,
    data: presentPayoutMethod(ctx.affiliateId, await confirmPaypal({ ctx, affiliateId: ctx.affiliateId, token: input.token })),
  }));

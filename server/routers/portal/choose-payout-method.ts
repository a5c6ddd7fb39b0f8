// dashboard-only (portal): the affiliate chooses manual or PayPal (a confirmation link is e-mailed)
import { spendFromClient, spendSignInLink } from '../../auth/sign-in-link-limit';
import { presentPayoutMethod } from '../../contracts/payout-method';
import { chooseManual, choosePaypal } from '../../domain/payouts/methods';
import { portalProcedure } from '../../trpc/procedures';
import { choosePayoutMethodInput, choosePayoutMethodOutput } from './choose-payout-method.types';

export const choosePayoutMethodProcedure = portalProcedure
  .input(choosePayoutMethodInput)
  .output(choosePayoutMethodOutput)
  .mutation(async ({ ctx, input }) => {
    const affiliateId = ctx.affiliateId;
    if (input.kind === 'paypal') {
      // it e-mails an address typed in a form: the budgets of the other forms that send e-mail
      await spendFromClient(ctx.services, 'signInLinks', ctx.clientIp);
      await spendSignInLink(ctx.services, input.paypal_receiver);
    }
    const row =
      input.kind === 'manual'
        ? await chooseManual({ ctx, affiliateId })
        : await choosePaypal({ ctx, affiliateId, receiver: input.paypal_receiver, publicUrl: ctx.services.config.publicUrl });
    return { object: 'payout_method' as const, data: presentPayoutMethod(affiliateId, row) };
  });

// dashboard-only (portal): the affiliate's payout e-mail (the session's own affiliate: no input names another)
import { presentAffiliateProfile } from '../../contracts/affiliate-view';
import { updateAffiliate } from '../../domain/affiliates/update-affiliate';
import { portalProcedure } from '../../trpc/procedures';
import { setPayoutEmailInput, setPayoutEmailOutput } from './set-payout-email.types';

export const setPayoutEmailProcedure = portalProcedure
  .input(setPayoutEmailInput)
  .output(setPayoutEmailOutput)
  .mutation(async ({ ctx, input }) => ({
    object: 'affiliate' as const,
    data: presentAffiliateProfile(await updateAffiliate({ ctx, id: ctx.affiliateId, patch: { payoutEmail: input.payout_email } })),
  }));

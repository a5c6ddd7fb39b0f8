// dashboard-only (portal): the affiliate connects Stripe: its Express account (made once) and a fresh onboarding link
import { presentPayoutMethod } from '../../contracts/payout-method';
import { startStripeOnboarding } from '../../domain/payouts/methods';
import { portalProcedure } from '../../trpc/procedures';
import { startStripeOnboardingInput, startStripeOnboardingOutput } from './start-stripe-onboarding.types';

export const startStripeOnboardingProcedure = portalProcedure
  .input(startStripeOnboardingInput)
  .output(startStripeOnboardingOutput)
  .mutation(async ({ ctx, input }) => {
    const { url, method } = await startStripeOnboarding({ ctx, affiliateId: ctx.affiliateId, country: input.country, publicUrl: ctx.services.config.publicUrl });
    return { object: 'stripe_onboarding' as const, url, data: presentPayoutMethod(ctx.affiliateId, method) };
  });

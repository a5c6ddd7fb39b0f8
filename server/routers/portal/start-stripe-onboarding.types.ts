import { z } from 'zod';
import { text } from '../../contracts/common';
import { accountCountry, payoutMethodRecord } from '../../contracts/payout-method';

// Dashboard-only (portal): Stripe Connect Express; the answer's url is Stripe's onboarding page,
// single-use and short-lived: the portal sends the browser there at once.
export const startStripeOnboardingInput = z.strictObject({ country: accountCountry });
export const startStripeOnboardingOutput = z.object({ object: z.literal('stripe_onboarding'), url: text(2048), data: payoutMethodRecord });

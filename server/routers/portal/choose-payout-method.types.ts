import { z } from 'zod';
import { one } from '../../contracts/common';
import { payoutMethodRecord, paypalReceiver } from '../../contracts/payout-method';

// Dashboard-only (portal): manual, or PayPal at an address confirmed from an e-mail. Stripe is
// chosen by starting its onboarding (start-stripe-onboarding.ts).
export const choosePayoutMethodInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('manual') }),
  z.strictObject({ kind: z.literal('paypal'), paypal_receiver: paypalReceiver }),
]);
export const choosePayoutMethodOutput = one('payout_method', payoutMethodRecord);

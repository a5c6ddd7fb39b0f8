import { z } from 'zod';
import { one, text } from '../../contracts/common';
import { payoutMethodRecord } from '../../contracts/payout-method';

// Dashboard-only (portal): the token of the confirmation link e-mailed to the PayPal address.
export const confirmPaypalInput = z.strictObject({ token: text(2048).min(1) });
export const confirmPaypalOutput = one('payout_method', payoutMethodRecord);

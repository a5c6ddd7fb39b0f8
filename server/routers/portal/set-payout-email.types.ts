import { z } from 'zod';
import { email } from '../../contracts/common';
import { affiliateProfileRecord } from '../../contracts/affiliate-view';
import { one } from '../../contracts/common';

export const setPayoutEmailInput = z.strictObject({ payout_email: email.nullable() });
export const setPayoutEmailOutput = one('affiliate', affiliateProfileRecord);

import { z } from 'zod';
import { one } from '../../contracts/common';
import { payoutMethodRecord } from '../../contracts/payout-method';

// Dashboard-only (portal): how the signed-in affiliate is paid (docs/paying-affiliates.md#payout-methods).
export const getPayoutMethodInput = z.strictObject({});
export const getPayoutMethodOutput = one('payout_method', payoutMethodRecord);

import { z } from 'zod';
import { email, name, recordId } from '../../contracts/common';

export const setPayoutEmailInput = z.strictObject({ payout_email: email.nullable() });
export const createOwnKeyInput = z.strictObject({ name: name.optional() });
export const revokeOwnKeyInput = z.strictObject({ id: recordId });
export const acceptInviteInput = z.strictObject({ token: z.string().min(1).max(200), password: z.string().min(8, 'use at least 8 characters').max(200) });
export const acceptInviteOutput = z.object({ email: z.string().nullable() });

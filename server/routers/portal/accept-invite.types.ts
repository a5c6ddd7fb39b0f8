import { z } from 'zod';

export const acceptInviteInput = z.strictObject({ token: z.string().min(1).max(200), password: z.string().min(8, 'use at least 8 characters').max(200) });
export const acceptInviteOutput = z.object({ email: z.string().nullable() });

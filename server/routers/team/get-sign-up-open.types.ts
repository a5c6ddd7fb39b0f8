import { z } from 'zod';

export const getSignUpOpenInput = z.object({}).optional();
export const getSignUpOpenOutput = z.object({ open: z.boolean() });

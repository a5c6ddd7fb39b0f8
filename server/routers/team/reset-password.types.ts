import { z } from 'zod';

// Dashboard-only (public): the link from request-password-reset sets a manager's new password.
export const resetPasswordInput = z.strictObject({ token: z.string().min(1).max(200), password: z.string().min(8, 'use at least 8 characters').max(200) });
export const resetPasswordOutput = z.object({ email: z.string().max(254) });

import { z } from 'zod';
import { email } from '../../contracts/common';

// Dashboard-only (public): a manager's forgotten password.
export const requestPasswordResetInput = z.strictObject({ email });
// Deliberately empty of facts: no account enumeration through this answer.
export const requestPasswordResetOutput = z.object({ ok: z.literal(true) });
export const resetPasswordInput = z.strictObject({ token: z.string().min(1).max(200), password: z.string().min(8, 'use at least 8 characters').max(200) });
export const resetPasswordOutput = z.object({ email: z.string().max(254) });

import { z } from 'zod';
import { email } from '../../contracts/common';

// Dashboard-only (public): a manager's forgotten password.
export const requestPasswordResetInput = z.strictObject({ email });
// Deliberately empty of facts: no account enumeration through this answer.
export const requestPasswordResetOutput = z.object({ ok: z.literal(true) });

import { z } from 'zod';
import { email } from '../../contracts/common';

export const requestSignInLinkInput = z.strictObject({ email });
// Deliberately empty of facts: no account enumeration through this answer.
export const requestSignInLinkOutput = z.object({ ok: z.literal(true) });

import { z } from 'zod';
import { affiliateKeyRecord } from '../../contracts/affiliate';

// Dashboard-only (portal): the affiliate's own refa_live_ keys, revoked ones included.
export const listKeysInput = z.object({}).optional();
export const listKeysOutput = z.object({ data: z.array(affiliateKeyRecord.extend({ revoked_at: z.string().nullable() })) });

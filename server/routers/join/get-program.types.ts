import { z } from 'zod';
import { programForAffiliateRecord } from '../../contracts/program-brand';

// Dashboard-only (public): the program a join page names, by join slug or workspace public id.
export const getProgramInput = z.strictObject({ program: z.string().trim().min(1).max(64) });
export const getProgramOutput = z.object({ data: programForAffiliateRecord });

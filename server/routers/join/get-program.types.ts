import { z } from 'zod';
import { programForAffiliateRecord } from '../../contracts/program-brand';

// Dashboard-only (public): the program a join page names, by join slug or workspace public id.
export const getProgramInput = z.strictObject({
  program: z.string().trim().min(1).max(64),
  group: z.string().trim().min(1).max(48).optional().describe("a partner group's join page slug; unknown: 404"),
});
export const getProgramOutput = z.object({ data: programForAffiliateRecord });

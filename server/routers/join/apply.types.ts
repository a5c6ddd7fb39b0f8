import { z } from 'zod';
import { description, email, name } from '../../contracts/common';
import { groupSlug } from '../../contracts/group';

// Dashboard-only (public): an application from the join page.
export const applyInput = z.strictObject({
  program: z.string().trim().min(1).max(64),
  group: groupSlug.optional().describe("the partner group's join page (/join/{program}/{slug}): the applicant lands in that group"),
  name,
  email,
  note: description.optional().describe('how the applicant will promote the program'),
  accept_terms: z.literal(true, { error: 'accept the program terms to apply' }),
  via: z.string().trim().max(64).optional().describe('the ref code of the recruit link the applicant came through'),
});
// The same answer whether the address is new or already an affiliate: no account enumeration.
export const applyOutput = z.object({ ok: z.literal(true) });

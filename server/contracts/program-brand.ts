import { z } from 'zod';
import type { ProgramBrand } from '../domain/settings/program-brand';
import { text } from './common';

// Dashboard-only: how a program presents itself on the portal and the public join page.
export const programBrandRecord = z.object({
  name: text(200),
  logo_url: text(2048).nullable().describe('where the page loads the logo: a path of this install (an https logo is served through /brand/{id}/logo)'),
  brand_color: text(7).nullable(),
  terms_url: text(2048).nullable(),
  join_path: text(80).describe('/join/{slug or public id}'),
});

export const presentProgramBrand = (b: ProgramBrand): z.infer<typeof programBrandRecord> => ({
  name: b.name,
  logo_url: b.logoSrc,
  brand_color: b.brandColor,
  terms_url: b.termsUrl,
  join_path: `/join/${b.joinKey}`,
});

/** The program as an affiliate (or an applicant) sees it: its brand and the deal in words. */
export const programForAffiliateRecord = programBrandRecord.extend({
  commission_terms: text(400)
    .nullable()
    .describe('what the campaign pays, in words ("30% of every payment for 12 months"); null while it pays nothing'),
});

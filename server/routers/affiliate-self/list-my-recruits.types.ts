import { z } from 'zod';
import { affiliateStatus } from '../../contracts/affiliate';
import { currencyCode, text, timestamp, uuid } from '../../contracts/common';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMyRecruitsMeta = operation({
  method: 'GET',
  path: '/affiliate/recruits',
  summary: "The affiliate's recruit link and its recruits, newest first, with what it earned on each",
  description:
    'recruit_url is the program\'s join page naming this affiliate: an applicant through it is its recruit, and it earns on the recruit by its group\'s recruiter terms (docs/groups-bounties-recruiters.md#recruiters-two-tier). earned: its live second-tier commissions on the recruit (clawbacks netted), per currency.',
  tags: ['Affiliate keys'],
  errors: [],
});

export const recruitRecord = z
  .object({
    id: uuid,
    name: text(200).nullable(),
    status: affiliateStatus,
    recruited_at: timestamp.nullable(),
    earned: z.array(z.object({ currency: currencyCode, amount: z.number().int().describe('minor currency units') })).max(200),
  })
  .meta({ id: 'AffiliateRecruit' });

export const listMyRecruitsInput = z.object(pageQuery(200, 50));
export const listMyRecruitsOutput = listOf(recruitRecord, 200, { recruit_url: z.string().max(2048).nullable().describe('null while the program has no public address') });

import { z } from 'zod';
import { affiliateBountyRecord } from '../../contracts/bounty';
import { operation } from '../../trpc/meta';

export const listMyBountiesMeta = operation({
  method: 'GET',
  path: '/affiliate/bounties',
  summary: "The program's live bounties with the affiliate's progress in the current period and its own submissions",
  description: 'At most the 50 newest live bounties; progress is read from the daily totals (days in the workspace time zone).',
  tags: ['Affiliate keys'],
  errors: [],
});

export const listMyBountiesInput = z.object({});
export const listMyBountiesOutput = z.object({
  object: z.literal('list'),
  resource: z.literal('bounties'),
  data: z.array(affiliateBountyRecord).max(50),
});

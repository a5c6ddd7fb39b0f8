import { z } from 'zod';
import { bountyRecord } from '../../contracts/bounty';
import { queryBool } from '../../contracts/common';
import { listOf, pageQuery } from '../../lib/pagination';
import { BOUNTY_TYPES } from '../../model/enums';
import { operation } from '../../trpc/meta';

export const listBountiesMeta = operation({
  method: 'GET',
  path: '/bounties',
  summary: "The workspace's bounties, newest first",
  tags: ['Bounties'],
  errors: [],
});

export const listBountiesInput = z.object({
  archived: queryBool.optional().describe('only archived (true) or only live (false) bounties; default both'),
  type: z.enum(BOUNTY_TYPES).optional(),
  ...pageQuery(200, 50),
});
export const listBountiesOutput = listOf(bountyRecord);

import { z } from 'zod';
import { affiliateRecord, affiliateStatus } from '../../contracts/affiliate';
import { referenceId } from '../../contracts/common';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listAffiliatesMeta = operation({
  method: 'GET',
  path: '/affiliates',
  summary: 'List affiliates, newest first',
  tags: ['Affiliates'],
  errors: ['unknown_resource'],
});

export const listAffiliatesInput = z.object({
  status: affiliateStatus.optional(),
  campaign_id: referenceId.optional(),
  group_id: referenceId.optional().describe('only the affiliates of this partner group'),
  email: z.string().trim().min(1).max(254).optional().describe('exact match, case-insensitive'),
  ...pageQuery(200, 50),
});

export const listAffiliatesOutput = listOf(affiliateRecord);

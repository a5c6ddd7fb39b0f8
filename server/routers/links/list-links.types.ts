import { z } from 'zod';
import { recordId } from '../../contracts/common';
import { linkRecord } from '../../contracts/link';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listLinksMeta = operation({
  method: 'GET',
  path: '/links',
  summary: 'List referral links, newest first',
  tags: ['Links'],
  errors: ['unknown_resource'],
});

export const listLinksInput = z.object({
  affiliate_id: recordId.optional(),
  campaign_id: recordId.optional(),
  ...pageQuery(200, 50),
});
export const listLinksOutput = listOf(linkRecord);

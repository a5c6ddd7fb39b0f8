import { z } from 'zod';
import { linkRecord } from '../../contracts/link';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMyLinksMeta = operation({
  method: 'GET',
  path: '/affiliate/links',
  summary: "The affiliate's own referral links, newest first",
  tags: ['Affiliate keys'],
  errors: [],
});

export const listMyLinksInput = z.object(pageQuery(200, 50));
export const listMyLinksOutput = listOf(linkRecord);

import { z } from 'zod';
import { affiliateClickRecord } from '../../contracts/affiliate-view';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMyClicksMeta = operation({
  method: 'GET',
  path: '/affiliate/clicks',
  summary: "The affiliate's own clicks, newest first",
  tags: ['Affiliate keys'],
  errors: [],
});

export const listMyClicksInput = z.object(pageQuery(200, 50));
export const listMyClicksOutput = listOf(affiliateClickRecord);

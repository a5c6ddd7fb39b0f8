import { z } from 'zod';
import { affiliateCodeRecord } from '../../contracts/affiliate-code';
import { listOf, pageQuery } from '../../lib/pagination';
import { operation } from '../../trpc/meta';

export const listMyCodesMeta = operation({
  method: 'GET',
  path: '/affiliate/codes',
  summary: "The affiliate's own coupon codes, newest first, active and inactive",
  tags: ['Affiliate keys'],
  errors: [],
});

export const listMyCodesInput = z.object(pageQuery(100, 50));
export const listMyCodesOutput = listOf(affiliateCodeRecord, 100);
